/**
 * Firmware over the air as a transmitter does it (docs/device-protocol.md §3): download the offered image in
 * pieces with Range requests (a broken GSM connection resumes where it stopped), then check its size and
 * SHA-256 before installing it.
 */
import { createHash } from 'node:crypto';
import type { DeviceFirmwareOffer } from '@hivescope/contract';
import { unit } from './model/random';
import type { FetchLike } from './transport';

/** How a virtual controller fails an update (for roll-out tests): none, back on its old version, or silent. */
export type FirmwareFailure = 'fallBack' | 'silent';

export type DownloadResult =
  { ok: true; bytes: Buffer; requests: number } | { ok: false; error: string; requests: number };

export interface DownloadOptions {
  /** Bytes per Range request; default 32 KiB (a GSM modem's buffer). */
  pieceBytes?: number;
  /** Network errors tolerated in a row before giving up until the next offer; default 4. */
  maxAttempts?: number;
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Downloads `offer` with the device token; resumes after network errors from the last byte received. */
export async function downloadFirmware(
  fetchImpl: FetchLike,
  offer: DeviceFirmwareOffer,
  token: string,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  const piece = options.pieceBytes ?? 32 * 1024;
  const maxAttempts = options.maxAttempts ?? 4;
  const pieces: Buffer[] = [];
  let got = 0;
  let requests = 0;
  let failures = 0;
  let etag: string | undefined;
  while (got < offer.size) {
    const end = Math.min(offer.size, got + piece) - 1;
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      range: `bytes=${got}-${end}`,
      ...(etag ? { 'if-range': etag } : {}),
    };
    let res: Response;
    let buf: Buffer;
    try {
      requests++;
      res = await fetchImpl(offer.url, { method: 'GET', headers });
      buf = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      if (++failures >= maxAttempts)
        return { ok: false, requests, error: err instanceof Error ? err.message : String(err) };
      continue;
    }
    failures = 0;
    if (res.status === 200) {
      // the server sent the whole image (it ignored the range, or the image changed): start over with it
      pieces.splice(0, pieces.length, buf);
      got = buf.length;
      break;
    }
    if (res.status !== 206 || buf.length === 0)
      return { ok: false, requests, error: `download answered ${res.status}` };
    etag ??= res.headers.get('etag') ?? undefined;
    pieces.push(buf);
    got += buf.length;
  }
  const bytes = Buffer.concat(pieces);
  if (bytes.length !== offer.size) return { ok: false, requests, error: 'size mismatch' };
  if (sha256Of(bytes) !== offer.sha256) return { ok: false, requests, error: 'checksum mismatch' };
  return { ok: true, bytes, requests };
}

/** Whether the controller of `seed` fails its updates, for a share `rate` (0..1) of a fleet; deterministic. */
export const failsUpdates = (seed: number, rate: number) => rate > 0 && unit(seed, 'firmware-failure') < rate;
