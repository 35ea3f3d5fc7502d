import path from 'node:path';
import { expect, test } from 'vitest';
import { AFTER_FRAME_FILE, afterFrameScript } from '../../../apps/web/build/after-frame.ts';

const root = path.resolve(import.meta.dirname, '../../../apps/web');

test(
  'src/after-frame.ts builds into one file that imports nothing of the app statically',
  { timeout: 60_000 },
  async () => {
    const emitted: { fileName: string; source: string }[] = [];
    const plugin = afterFrameScript(root);
    const context = {
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    await (plugin.generateBundle as unknown as (this: typeof context) => Promise<void>).call(context);
    expect(emitted.map((file) => file.fileName)).toEqual([AFTER_FRAME_FILE]);
    const code = emitted[0]!.source;
    // It runs before any chunk of the app: a static import would be one more round trip before it starts.
    expect(code).not.toMatch(/^\s*import\s|\bfrom\s*["']/m);
    // The helpers it is made of, not a copy: the next task is a message, as lib/next-task.ts yields.
    expect(code).toContain('MessageChannel');
    expect(code).toContain('data-app-entry');
  },
);
