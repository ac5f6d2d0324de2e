import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { controllers, firmwareChunks, firmwareImages, regions } from '../../db/schema';
import { FIRMWARE_CHUNK_BYTES } from './upload';

/** Test helpers: firmware images written straight into the database, multipart bodies, row counts. */

/** Deterministic bytes that differ per position (a misplaced chunk or range changes the hash). */
export function imageBytes(size: number, seed = 1): Buffer {
  const buf = Buffer.alloc(size);
  for (let i = 0; i < size; i++) buf[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  return buf;
}

export const sha256 = (buf: Buffer) => crypto.createHash('sha256').update(buf).digest('hex');

export async function insertImage(db: Db, version: string, bytes: Buffer, chunkSize = FIRMWARE_CHUNK_BYTES) {
  const [row] = await db
    .insert(firmwareImages)
    .values({ version, name: `fw-${version}.bin`, size: bytes.length, sha256: sha256(bytes), chunkSize })
    .returning({ id: firmwareImages.id });
  if (!row) throw new Error('image not inserted');
  for (let seq = 0; seq * chunkSize < bytes.length; seq++) {
    await db
      .insert(firmwareChunks)
      .values({ imageId: row.id, seq, data: bytes.subarray(seq * chunkSize, (seq + 1) * chunkSize) });
  }
  return row.id;
}

/** A multipart/form-data body as a browser's FormData sends it, fields in the given order. */
export async function multipart(parts: Array<[string, string | { filename: string; data: Buffer }]>) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)]), value.filename);
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

export async function countRows(db: Db) {
  const res = await db.execute<{ images: number; chunks: number }>(
    sql`SELECT (SELECT count(*)::int FROM firmware_images) AS images,
               (SELECT count(*)::int FROM firmware_chunks) AS chunks`,
  );
  return res.rows[0]!;
}

export async function setVersions(
  db: Db,
  id: number,
  v: { softwareVersion?: string | null; desiredFirmware?: string | null; lastUpdate?: Date | null },
) {
  await db
    .update(controllers)
    .set(v)
    .where(sql`${controllers.id} = ${id}`);
}

export async function insertRegion(db: Db, name: string): Promise<number> {
  const [row] = await db
    .insert(regions)
    .values({
      name,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [8, 47],
            [9, 47],
            [9, 48],
            [8, 47],
          ],
        ],
      },
      minLng: 8,
      minLat: 47,
      maxLng: 9,
      maxLat: 48,
    })
    .returning({ id: regions.id });
  if (!row) throw new Error('region not inserted');
  return row.id;
}
