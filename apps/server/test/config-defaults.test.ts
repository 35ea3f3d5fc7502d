import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from '../src/lib/config.ts';

// Defaults that name a place in the repository are resolved from the module's own folder: moving
// lib/config.ts once left `npm start` serving no web app (WEB_DIST pointed at apps/server/web/dist).
test('the default WEB_DIST is apps/web/dist, whatever the working directory', () => {
  const { WEB_DIST } = loadConfig({});
  expect(WEB_DIST).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  expect(existsSync(path.join(WEB_DIST, '..', 'package.json'))).toBe(true);
});
