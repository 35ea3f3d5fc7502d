// Closes the circle ping → pong → ping; and reaches up into a route, which a domain never does.
import { limit } from '../ping/rules.ts';
import { path } from '../../routes/pong.ts';

export const answer = (n: number): number => (path.length > 0 ? Math.min(n, limit) : 0);
