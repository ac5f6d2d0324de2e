import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Queryable } from '../../db/queryable';

/** SQL of the firmware images and of the controllers' desired version (docs/firmware.md). */

/** A unique-index violation (SQLSTATE 23505), raw from pg or wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

export type ImageRow = {
  id: number;
  version: string;
  name: string;
  size: number;
  sha256: string;
  chunkSize: number;
  uploadedAt: Date | string;
  running: number;
  wanted: number;
};

const IMAGE_COLUMNS = sql`i.id, i.version, i.name, i.size, i.sha256, i.chunk_size AS "chunkSize",
  i.uploaded_at AS "uploadedAt",
  (SELECT count(*)::int FROM controllers c WHERE c.software_version = i.version) AS running,
  (SELECT count(*)::int FROM controllers c WHERE c.desired_firmware = i.version) AS wanted`;

export async function listImages(db: Queryable): Promise<ImageRow[]> {
  const res = await db.execute<ImageRow>(
    sql`SELECT ${IMAGE_COLUMNS} FROM firmware_images i ORDER BY i.uploaded_at DESC, i.id DESC`,
  );
  return res.rows;
}

export async function findImage(db: Queryable, version: string): Promise<ImageRow | undefined> {
  const res = await db.execute<ImageRow>(
    sql`SELECT ${IMAGE_COLUMNS} FROM firmware_images i WHERE i.version = ${version}`,
  );
  return res.rows[0];
}

/** Chunks `from`…`to` (inclusive) of an image, in order. */
export async function readChunks(db: Db, imageId: number, from: number, to: number): Promise<Buffer[]> {
  const res = await db.$client.query<{ data: Buffer }>({
    name: 'firmware-chunks-v1',
    text: 'SELECT data FROM firmware_chunks WHERE image_id = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq',
    values: [imageId, from, to],
  });
  return res.rows.map((r) => r.data);
}

/**
 * Writes one image in one transaction on its own connection: the row first (under a placeholder version no
 * valid version can equal), then the chunks as they arrive, then the real version and checksum at `commit`.
 * Nobody sees a half-written image; `abort` leaves nothing behind.
 */
export type ImageWriter = {
  write: (chunk: Buffer) => Promise<void>;
  /** Stores the metadata and commits; 'exists' when the version is taken (nothing stored). */
  commit: (meta: {
    version: string;
    name: string;
    size: number;
    sha256: string;
  }) => Promise<'stored' | 'exists'>;
  abort: () => Promise<void>;
};

export async function openImageWriter(db: Db, chunkSize: number, uploadedBy: number): Promise<ImageWriter> {
  const client = await db.$client.connect();
  let done = false;
  const finish = async (statement: 'COMMIT' | 'ROLLBACK') => {
    if (done) return;
    done = true;
    try {
      await client.query(statement);
    } finally {
      client.release();
    }
  };
  let id: number;
  try {
    await client.query('BEGIN');
    const placeholder = `~upload-${crypto.randomUUID()}`;
    const res = await client.query<{ id: number }>(
      `INSERT INTO firmware_images (version, name, size, sha256, chunk_size, uploaded_by)
       VALUES ($1, $1, 0, '', $2, $3) RETURNING id`,
      [placeholder, chunkSize, uploadedBy],
    );
    id = res.rows[0]!.id;
  } catch (err) {
    await finish('ROLLBACK').catch(() => undefined);
    throw err;
  }
  let seq = 0;
  return {
    write: async (chunk) => {
      await client.query('INSERT INTO firmware_chunks (image_id, seq, data) VALUES ($1, $2, $3)', [
        id,
        seq++,
        chunk,
      ]);
    },
    commit: async (meta) => {
      try {
        await client.query(
          'UPDATE firmware_images SET version = $2, name = $3, size = $4, sha256 = $5 WHERE id = $1',
          [id, meta.version, meta.name, meta.size, meta.sha256],
        );
      } catch (err) {
        if (isUniqueViolation(err)) {
          await finish('ROLLBACK');
          return 'exists';
        }
        throw err;
      }
      await finish('COMMIT');
      return 'stored';
    },
    abort: () => finish('ROLLBACK'),
  };
}

export async function versionExists(db: Queryable, version: string): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM firmware_images WHERE version = ${version}`);
  return res.rows.length > 0;
}

/** Locks the image row against a concurrent delete (or, `forUpdate`, against a concurrent assignment). */
export async function lockImage(tx: Queryable, version: string, forUpdate: boolean): Promise<boolean> {
  const res = forUpdate
    ? await tx.execute(sql`SELECT 1 FROM firmware_images WHERE version = ${version} FOR UPDATE`)
    : await tx.execute(sql`SELECT 1 FROM firmware_images WHERE version = ${version} FOR SHARE`);
  return res.rows.length > 0;
}

/** How many controllers want `version`, and whether an active roll-out uses it (a delete refuses both). */
export async function imageUse(tx: Queryable, version: string) {
  const res = await tx.execute<{ wanted: number; rollouts: number }>(
    sql`SELECT (SELECT count(*)::int FROM controllers WHERE desired_firmware = ${version}) AS wanted,
               (SELECT count(*)::int FROM firmware_rollouts
                 WHERE version = ${version} AND status IN ('running', 'paused')) AS rollouts`,
  );
  return res.rows[0] ?? { wanted: 0, rollouts: 0 };
}

export async function deleteImage(tx: Queryable, version: string): Promise<void> {
  await tx.execute(sql`DELETE FROM firmware_images WHERE version = ${version}`);
}

/** How many of `ids` exist, and how many of them are in an active roll-out. */
export async function controllersState(tx: Queryable, ids: number[]) {
  const res = await tx.execute<{ found: number; inRollout: number }>(
    sql`SELECT count(*)::int AS found,
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM firmware_rollout_controllers m
                                               WHERE m.controller_id = c.id AND m.active))::int AS "inRollout"
          FROM controllers c WHERE c.id = ANY(${sql.param(ids)}::int[])`,
  );
  return res.rows[0] ?? { found: 0, inRollout: 0 };
}

export async function setDesired(tx: Queryable, ids: number[], version: string | null): Promise<number> {
  const res = await tx.execute(
    sql`UPDATE controllers SET desired_firmware = ${version} WHERE id = ANY(${sql.param(ids)}::int[])`,
  );
  return res.rowCount ?? 0;
}

export type FirmwareControllerFilter = {
  currentVersion?: string;
  desiredVersion?: string;
  regionId?: number;
  affiliationId?: number;
};

export type FirmwareControllerDbRow = {
  id: number;
  name: string;
  currentVersion: string | null;
  desiredVersion: string | null;
  regionId: number | null;
  regionName: string | null;
  secondaryRegionId: number | null;
  secondaryRegionName: string | null;
  affiliationId: number | null;
  affiliationName: string | null;
  updateInterval: number;
  lastUpdate: Date | string | null;
  rolloutId: number | null;
  rolloutVersion: string | null;
  rolloutStatus: string | null;
  memberState: string | null;
};

/** The controllers of the firmware screen, filtered (AND), by name. `currentVersion: 'none'`: never reported. */
export async function listFirmwareControllers(
  db: Queryable,
  f: FirmwareControllerFilter,
): Promise<FirmwareControllerDbRow[]> {
  const where = [sql`true`];
  if (f.currentVersion === 'none') where.push(sql`c.software_version IS NULL`);
  else if (f.currentVersion) where.push(sql`c.software_version = ${f.currentVersion}`);
  if (f.desiredVersion === 'none') where.push(sql`c.desired_firmware IS NULL`);
  else if (f.desiredVersion) where.push(sql`c.desired_firmware = ${f.desiredVersion}`);
  if (f.regionId)
    where.push(sql`(c.region_primary_id = ${f.regionId} OR c.region_secondary_id = ${f.regionId})`);
  if (f.affiliationId) where.push(sql`c.affiliation_id = ${f.affiliationId}`);
  const res = await db.execute<FirmwareControllerDbRow>(
    sql`SELECT c.id, c.name, c.software_version AS "currentVersion", c.desired_firmware AS "desiredVersion",
               c.region_primary_id AS "regionId", rp.name AS "regionName",
               c.region_secondary_id AS "secondaryRegionId", rs.name AS "secondaryRegionName",
               c.affiliation_id AS "affiliationId", a.name AS "affiliationName",
               c.update_interval AS "updateInterval", c.last_update AS "lastUpdate",
               r.id AS "rolloutId", r.version AS "rolloutVersion", r.status AS "rolloutStatus",
               m.state AS "memberState"
          FROM controllers c
          LEFT JOIN regions rp ON rp.id = c.region_primary_id
          LEFT JOIN regions rs ON rs.id = c.region_secondary_id
          LEFT JOIN affiliations a ON a.id = c.affiliation_id
          LEFT JOIN firmware_rollout_controllers m ON m.controller_id = c.id AND m.active
          LEFT JOIN firmware_rollouts r ON r.id = m.rollout_id
         WHERE ${sql.join(where, sql` AND `)}
         ORDER BY lower(c.name), c.id`,
  );
  return res.rows;
}

/** Every active admin with their language: who is told that a roll-out paused. */
export async function adminRecipients(db: Queryable): Promise<{ email: string; locale: string }[]> {
  const res = await db.execute<{ email: string; locale: string }>(
    sql`SELECT email, locale FROM users WHERE admin AND active ORDER BY id`,
  );
  return res.rows;
}
