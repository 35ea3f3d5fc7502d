import { createHash, randomBytes } from 'node:crypto';

/** How long a session's access and refresh tokens live. */
export type SessionTtl = { accessSeconds: number; refreshSeconds: number };

/** 256 random bits, URL-safe; only its sha256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
