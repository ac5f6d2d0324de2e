import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords (docs/api-conventions.md): the web client sends the lowercase hex SHA-256 of the typed password; the server
 * treats that digest as the password and stores argon2id(digest) with the library defaults (argon2id,
 * m = 19 MiB, t = 2, p = 1: the OWASP recommendation). Neither value is ever logged.
 */
export const sha256hex = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest('hex');

/** Hash of a password digest as sent by the web client. */
export const hashDigest = (digest: string) => hash(digest);

/** Hash of a plain password (ADMIN_PASSWORD, CLI): the same SHA-256 step as the web client, then argon2id. */
export const hashPassword = (plain: string) => hashDigest(sha256hex(plain));

export async function verifyDigest(storedHash: string, digest: string): Promise<boolean> {
  try {
    return await verify(storedHash, digest);
  } catch {
    return false;
  }
}

/** Hash of a random value, computed once at start (same parameters as real hashes). */
const dummy = hashDigest(crypto.randomBytes(32).toString('hex'));

/** Verifies against the dummy hash: spends the same time as a real check, for unknown emails. */
export async function verifyDummy(digest: string): Promise<false> {
  await verifyDigest(await dummy, digest);
  return false;
}

/** A random token for cookies and links (32 bytes, base64url) and the SHA-256 under which it is stored. */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');
