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
 * The looser of the two sign-in limits (#26): wrong passwords for one account from any addresses, an
 * hour, counted in the rate-limit store (Redis across processes, like the per-address limit). Past `max`,
 * an address the account has never signed in from is refused (429) until the hour ends, even with the
 * right password; the user's known addresses are not, so a password spray from many machines slows down
 * without locking the user out. Unknown emails count alike, so a 429 tells nobody which accounts exist.
 */
export function accountLoginLimit(app: FastifyInstance, max: number) {
  const failures = app.createRateLimit({
    max,
    timeWindow: HOUR,
    keyGenerator: (request) => `login-account:${loginEmail(request.body)}`,
  });
  return {
    /** Before the password is checked: refuses a new address of an account past its limit. */
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      // A peek: only wrong passwords count (a Redis outage reads as no failures, like the other limits).
      const status = await failures(request, { increment: false });
      if (status.isAllowed || status.remaining > 0) return;
      if (await hasSignedInFrom(app.db, loginEmail(request.body), request.ip)) return;
      reply.header('retry-after', status.ttlInSeconds);
      throw new ApiError(429, 'rate_limited');
    },
    /** After a wrong password. */
    async failed(request: FastifyRequest): Promise<void> {
      await failures(request);
    },
  };
}
