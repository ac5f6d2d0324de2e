import crypto from 'node:crypto';

/** No 0/O, 1/I/L: easy to read aloud and type. 10 characters of 31 symbols ≈ 49.5 bits. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const WATCH_CODE_LENGTH = 10;

/** A new random watch code (uniform: rejection sampling over random bytes). */
export function newWatchCode(): string {
  let code = '';
  while (code.length < WATCH_CODE_LENGTH) {
    for (const byte of crypto.randomBytes(16)) {
      if (byte < 248 && code.length < WATCH_CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}
