import { randomBytes } from 'node:crypto';
import { VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH } from '@centinela/shared';

/**
 * A new verification code: 16 Crockford base32 characters from the system's CSPRNG (80 bits), so codes
 * cannot be guessed or walked, yet fit on a line to type. Each byte gives 5 bits (256 is a multiple of 32,
 * so no character is likelier than another).
 */
export function newVerificationCode(): string {
  return [...randomBytes(VERIFICATION_CODE_LENGTH)].map((b) => VERIFICATION_CODE_ALPHABET[b % 32]).join('');
}
