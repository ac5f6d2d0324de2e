import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { readChunks } from './firmware.repository';
import { mayDownload } from './offer';

/** An inclusive byte range of an image. */
export type ByteRange = { start: number; end: number };

/**
 * The `Range` header of a download (RFC 9110 §14): one range `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * null: serve the whole image (no header, a syntax we ignore, or several ranges — allowed by the RFC);
 * 'unsatisfiable': the range starts beyond the image (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Number(b);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  if (b !== '' && Number(b) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: b === '' ? size - 1 : Math.min(Number(b), size - 1) };
}

/** Chunks read per query: about 512 KiB in memory per download at most. */
const CHUNKS_PER_READ = 8;

/**
 * The bytes `range` of an image as a stream, read from firmware_chunks a few chunks at a time: a resumed
 * download reads only the chunks it needs.
 */
export function imageStream(db: Db, image: { id: number; chunkSize: number }, range: ByteRange): Readable {
  const cs = image.chunkSize;
  const first = Math.floor(range.start / cs);
  const last = Math.floor(range.end / cs);
  async function* bytes() {
    for (let from = first; from <= last; from += CHUNKS_PER_READ) {
      const to = Math.min(last, from + CHUNKS_PER_READ - 1);
      const chunks = await readChunks(db, image.id, from, to);
      for (let i = 0; i < chunks.length; i++) {
        const seq = from + i;
        const chunk = chunks[i]!;
        const lo = seq === first ? range.start - seq * cs : 0;
        const hi = seq === last ? range.end - seq * cs + 1 : chunk.length;
        yield chunk.subarray(lo, hi);
      }
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** The ETag of an image: its SHA-256 (a strong validator: the bytes of a version never change). */
export const etagOf = (sha256: string) => `"${sha256}"`;

/** What the device's download needs of its controller (device.repository.ts `DeviceController`). */
export type DownloadingController = {
  id: number;
  desiredFirmware: string | null;
  desiredImage: { id: number; sha256: string; size: number; chunkSize: number } | null;
  rollout: { rolloutId: number; version: string; state: string } | null;
};

export type DownloadRequest = { range?: string; ifRange?: string; ifNoneMatch?: string };

export type DownloadAnswer =
  | { status: 200 | 206; headers: Record<string, string>; body: Readable }
  | { status: 304 | 416; headers: Record<string, string> };

/**
 * GET /api/device/v1/firmware/{version} (docs/device-protocol.md §3): only the version the token's
 * controller wants (403 otherwise, 404 when no image of it is stored); `Range` with `If-Range` for resuming,
 * `If-None-Match` answered 304. The first request of a controller in a roll-out starts its silence watch.
 */
export async function answerDownload(
  deps: { db: Db; noteDownload: (controllerId: number, version: string) => Promise<void> },
  controller: DownloadingController,
  version: string,
  req: DownloadRequest,
): Promise<DownloadAnswer> {
  if (!mayDownload(controller, version)) throw new AppError(403, 'device:firmwareNotOffered');
  const image = controller.desiredImage;
  if (!image) throw new AppError(404, 'device:firmwareNotAvailable');
  const etag = etagOf(image.sha256);
  const common = {
    'accept-ranges': 'bytes',
    etag,
    'cache-control': 'private, no-cache',
  };
  if (req.ifNoneMatch && req.ifNoneMatch.split(',').some((t) => t.trim() === etag))
    return { status: 304, headers: common };
  if (controller.rollout?.version === version) await deps.noteDownload(controller.id, version);
  // If-Range with another validator (or a date: we give none): the image may differ, send all of it
  const rangeHeader = req.ifRange === undefined || req.ifRange.trim() === etag ? req.range : undefined;
  const range = parseRange(rangeHeader, image.size);
  if (range === 'unsatisfiable')
    return { status: 416, headers: { ...common, 'content-range': `bytes */${image.size}` } };
  const body = {
    'content-type': 'application/octet-stream',
    'content-disposition': `attachment; filename="firmware-${version}.bin"`,
  };
  const whole = { start: 0, end: image.size - 1 };
  const r = range ?? whole;
  return {
    status: range ? 206 : 200,
    headers: {
      ...common,
      ...body,
      'content-length': String(r.end - r.start + 1),
      ...(range ? { 'content-range': `bytes ${r.start}-${r.end}/${image.size}` } : {}),
    },
    body: imageStream(deps.db, image, r),
  };
}
