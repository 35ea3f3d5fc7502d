// The other half of ping.ts's deliberate cycle.
import { ping } from './ping.ts';

export const pong = (n: number): number => (n <= 0 ? 1 : ping(n - 1));
