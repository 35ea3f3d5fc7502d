import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasSignedInFrom } from '../../domains/auth/known-address.ts';
import { ApiError } from '../../lib/api-error.ts';

const HOUR = 3_600_000;

/** The account a sign-in names, as the limits count it: trimmed, lower-case, at most an email's length. */
export const loginEmail = (body: unknown) =>
  typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
    ? body.email.trim().toLowerCase().slice(0, 254)
    : '';

/**
 * The looser sign-in limits, on wrong passwords an hour, counted in the rate-limit store (Redis across
 * processes, like the per-address limit):
 * - per account from any addresses (`perAccount`): a password guessed from many machines;
 * - per address across accounts (`perAddress`): one password sprayed over many accounts from one machine.
 * Past either, an address the account has never signed in from is refused (429) until the hour ends, even
 * with the right password; the user's known addresses are not, so an attack slows down without locking
 * users out (colleagues behind an office's address keep signing in). Unknown emails count alike, so a 429
 * tells nobody which accounts exist.
 */
export function accountLoginLimit(app: FastifyInstance, limits: { perAccount: number; perAddress: number }) {
  const counters = [
    app.createRateLimit({
      max: limits.perAccount,
      timeWindow: HOUR,
      keyGenerator: (request) => `login-account:${loginEmail(request.body)}`,
    }),
    app.createRateLimit({
      max: limits.perAddress,
      timeWindow: HOUR,
      keyGenerator: (request) => `login-address:${request.ip}`,
    }),
  ];
  return {
    /** Before the password is checked: refuses a new address of an account, or an address, past its limit. */
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      // A peek: only wrong passwords count (a Redis outage reads as no failures, like the other limits).
      const statuses = await Promise.all(counters.map((count) => count(request, { increment: false })));
      const exhausted = statuses.flatMap((status) => (status.isAllowed || status.remaining > 0 ? [] : [status]));
      if (exhausted.length === 0) return;
      if (await hasSignedInFrom(app.db, loginEmail(request.body), request.ip)) return;
      reply.header('retry-after', Math.max(...exhausted.map((status) => status.ttlInSeconds)));
      throw new ApiError(429, 'rate_limited');
    },
    /** After a wrong password. */
    async failed(request: FastifyRequest): Promise<void> {
      await Promise.all(counters.map((count) => count(request)));
    },
  };
}
