import { afterAll } from 'vitest';
import { endOfFile } from './database.ts';

// Run before every server test file (vitest.config.ts `setupFiles`): a worker keeps its modules from one
// file to the next, so hooks a shared module registered would only reach the first file.
afterAll(endOfFile);
