import { nextTask } from './next-task.ts';

let evaluated: Promise<void> | null = null;

/**
 * Zod, evaluated and then warmed up before the first schema module runs (lazyParser in http.ts), each step
 * in a task of its own. Left to the first parser's module, zod's ~200 classes, its first schema of each kind
 * and the garbage collection they set off were one long task, the longest of the
 * list's load after its first paint. A list page names zod's chunk with its own (build/page-preloads.ts),
 * so it is usually in by the time the app asks. A failure is left to the schema module's
 * own import, which fails too.
 */
export function zodFirst(): Promise<void> {
  evaluated ??= import('./zod-chunk.ts').then(
    async ({ WARM_UP_STEPS }) => {
      for (const step of WARM_UP_STEPS) {
        await nextTask();
        try {
          step();
        } catch {
          // Only a warm-up: the schemas work without it (zod-chunk.test.ts keeps its samples valid).
        }
      }
    },
    () => undefined,
  );
  return evaluated;
}
