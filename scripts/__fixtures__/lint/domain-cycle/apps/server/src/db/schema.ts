// The database layer reaching up into a domain: refused.
import { limit } from '../domains/ping/rules.ts';

export const columns = limit;
