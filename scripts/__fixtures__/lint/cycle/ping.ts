// Deliberately imports pong.ts, which imports this file back: scripts/__tests__/lint-no-cycle.test.ts
// lints the pair to prove import-x/no-cycle reports a cycle between TypeScript modules.
import { pong } from './pong.ts';

export const ping = (n: number): number => (n <= 0 ? 0 : pong(n - 1));
