import crypto from 'node:crypto';

/**
 * Secrets the server must use again later (a forwarding's signing key, an FTP password, the token of a live
 * share linked from the public map), stored encrypted at rest: AES-256-GCM with a key derived (HKDF-SHA256)
 * from the operator secret (`config.secretKey`) and a purpose, so one operator secret serves several uses
 * without sharing a key (docs/forwarding.md "Secrets", docs/shares.md "Live share link").
 * Stored form: `v1.<base64url of iv (12 bytes) | tag (16 bytes) | ciphertext>`.
 */
export type SecretBox = { seal: (plain: string) => string; open: (sealed: string) => string };

const VERSION = 'v1.';

export function secretBox(operatorSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(crypto.hkdfSync('sha256', operatorSecret, 'hivescope', purpose, 32));
  const aad = Buffer.from(purpose, 'utf8');
  return {
    seal: (plain) => {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
    },
    open: (sealed) => {
      if (!sealed.startsWith(VERSION)) throw new Error('unknown secret format');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      if (raw.length < 28) throw new Error('secret too short');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(aad);
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
