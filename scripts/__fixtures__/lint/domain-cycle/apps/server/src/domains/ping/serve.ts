// Deliberately part of a circle between two domains that no single file closes (ping/serve.ts → pong/answer.ts
// → ping/rules.ts): scripts/__tests__/lint-domain-edges.test.ts proves the domain rule reports it.
import { answer } from '../pong/answer.ts';

export const serve = (n: number): number => answer(n);
