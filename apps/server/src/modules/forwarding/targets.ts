import crypto from 'node:crypto';
import net from 'node:net';
import { z } from 'zod';
import type { ForwardingCreate } from '@hivescope/contract';
import { secretBox, type SecretBox } from '../../lib/secret-box';
import type { NewForwarding } from './forwarding.repository';

/**
 * How a forwarding is stored (docs/forwarding.md "Secrets"): `target` is what the owner sees (address, URL,
 * or ftp://user@host:port/dir — never a password), `settings` the rest that is not secret, `secret` the
 * signing key or FTP password sealed with FORWARD_SECRET_KEY.
 */

export const forwardingSecrets = (key: string): SecretBox => secretBox(key, 'forwarding-secret');

/** The FTP settings kept in `settings` (parsed on every use: a row is only trusted in its known shape). */
export const ftpSettingsSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  user: z.string(),
  directory: z.string(),
  secure: z.boolean(),
});
export type FtpSettings = z.infer<typeof ftpSettingsSchema>;

/** A host as it stands in a URL: IPv6 in brackets, names in lower case. */
const urlHost = (host: string) => (net.isIPv6(host) ? `[${host}]` : host.toLowerCase());

/** ftp://user@host:port/dir, or ftpes:// with explicit TLS (FileZilla's spelling). */
export function ftpTarget(s: FtpSettings): string {
  const dir = s.directory.replace(/^\/+/, '');
  const scheme = s.secure ? 'ftpes' : 'ftp';
  return `${scheme}://${encodeURIComponent(s.user)}@${urlHost(s.host)}:${s.port}/${dir}`;
}

/** The host that must be checked before a forwarding is saved (none for mail: it goes through our SMTP). */
export function hostToCheck(body: ForwardingCreate): string | null {
  if (body.kind === 'http') return new URL(body.url).hostname;
  if (body.kind === 'ftp') return body.host.replace(/^\[(.*)\]$/, '$1');
  return null;
}

/**
 * The row for a new forwarding and, for a URL, its signing key in clear (answered once, then only sealed):
 * 32 random bytes, base64url.
 */
export function newForwarding(
  controllerId: number,
  channel: number,
  body: ForwardingCreate,
  box: SecretBox,
): { row: NewForwarding; signingKey: string | null } {
  const base = { controllerId, channel };
  if (body.kind === 'email')
    return {
      row: { ...base, kind: 'email', target: body.email.toLowerCase(), settings: {}, secret: null },
      signingKey: null,
    };
  if (body.kind === 'http') {
    const signingKey = crypto.randomBytes(32).toString('base64url');
    const target = new URL(body.url).toString();
    return { row: { ...base, kind: 'http', target, settings: {}, secret: box.seal(signingKey) }, signingKey };
  }
  const settings: FtpSettings = {
    host: body.host.replace(/^\[(.*)\]$/, '$1').toLowerCase(),
    port: body.port,
    user: body.user,
    directory: body.directory,
    secure: body.secure,
  };
  return {
    row: { ...base, kind: 'ftp', target: ftpTarget(settings), settings, secret: box.seal(body.password) },
    signingKey: null,
  };
}
