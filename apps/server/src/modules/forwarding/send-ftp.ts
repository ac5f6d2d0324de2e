import net from 'node:net';
import { Readable } from 'node:stream';
import { Client, enterPassiveModeIPv6, type FTPContext, type FTPResponse } from 'basic-ftp';
// not re-exported by the package index; the function every passive mode of basic-ftp ends in
import { connectForPassiveTransfer } from 'basic-ftp/dist/transfer.js';
import { resolveOutbound, systemLookup, type Lookup, type OutboundPolicy } from '../../lib/outbound';
import type { FtpSettings } from './targets';

/** Limits of one upload (docs/forwarding.md "Delivery", Limits). */
export const FTP_TIMEOUT_MS = 10_000;
const FTP_DEADLINE_MS = 60_000;
export const FTP_MAX_FILE_BYTES = 1_000_000;

/** The port of a PASV answer "227 Entering Passive Mode (h1,h2,h3,h4,p1,p2)"; its address is not used. */
export function pasvPort(message: string): number {
  const m = message.match(/(?<![-\d])\d{1,3},\d{1,3},\d{1,3},\d{1,3},(\d{1,3}),(\d{1,3})/);
  if (!m) throw new Error(`cannot read the PASV answer: ${message.slice(0, 80)}`);
  return (Number(m[1]) & 255) * 256 + (Number(m[2]) & 255);
}

/**
 * Passive mode that always connects to the control connection's address (docs/forwarding.md "FTP"): EPSV
 * carries only a port; PASV's address is ignored, because a server (or a NAT in front of it) could name any
 * host — a private one, or a third party (FTP bounce). basic-ftp itself would use a private PASV address
 * when the control host is private too, or refuse a different one.
 */
export async function passiveToControlHost(ftp: FTPContext): Promise<FTPResponse> {
  try {
    return await enterPassiveModeIPv6(ftp);
  } catch {
    // the server has no EPSV (or refused it): PASV, keeping only its port
  }
  const res = await ftp.request('PASV');
  const host = ftp.socket.remoteAddress?.replace(/^::ffff:/i, '');
  if (!host) throw new Error('the control connection is closed');
  await connectForPassiveTransfer(host, pasvPort(res.message), ftp);
  return res;
}

export type FtpUpload = {
  settings: FtpSettings;
  password: string;
  name: string;
  content: string;
  policy: OutboundPolicy;
  lookup?: Lookup;
};

/**
 * Uploads one file: the host is resolved and checked, the control connection goes to that address (TLS
 * still checks the certificate against the host name), the file is written under a temporary name and then
 * renamed, so a reader never sees half a file. Throws on any failure.
 */
export async function uploadFile(upload: FtpUpload): Promise<void> {
  if (Buffer.byteLength(upload.content) > FTP_MAX_FILE_BYTES) throw new Error('file too large');
  const { settings } = upload;
  const [first] = await resolveOutbound(settings.host, upload.policy, upload.lookup ?? systemLookup);
  if (!first) throw new Error(`${settings.host} does not resolve`);
  const client = new Client(FTP_TIMEOUT_MS);
  client.prepareTransfer = passiveToControlHost;
  const deadline = setTimeout(() => client.close(), FTP_DEADLINE_MS);
  try {
    const name = net.isIP(settings.host) ? undefined : settings.host;
    await client.access({
      host: first.address,
      port: settings.port,
      user: settings.user,
      password: upload.password,
      secure: settings.secure,
      ...(settings.secure && name ? { secureOptions: { host: name, servername: name } } : {}),
    });
    if (settings.directory !== '') await client.cd(settings.directory);
    const temp = `.${upload.name}.part`;
    await client.uploadFrom(Readable.from([Buffer.from(upload.content, 'utf8')]), temp);
    await client.rename(temp, upload.name);
  } finally {
    clearTimeout(deadline);
    client.close();
  }
}
