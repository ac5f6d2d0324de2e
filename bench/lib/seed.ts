import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { rebuildRollups } from '../../apps/server/src/modules/device/rollups.repository';
import { hashPassword } from '../../apps/server/src/modules/password/password.hash';

/**
 * Data the scenarios share, seeded directly in SQL: bench beekeepers (logged in through the real
 * POST /api/user/login) and controllers with scales and years of 15-minute readings.
 */

export const BENCH_PASSWORD = 'bench-password';

/** What the web client sends as the password: its lowercase hex SHA-256 (docs/api-conventions.md). */
export const clientPassword = (password = BENCH_PASSWORD) =>
  crypto.createHash('sha256').update(password).digest('hex');

/** An active user with the bench password; returns the id. */
export async function createBeekeeper(db: Db, email: string, firstName = 'Bench'): Promise<number> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const res = await db.execute<{ id: number }>(sql`INSERT INTO users
      (email, password_hash, first_name, last_name, street, zip, city, country, phone)
    VALUES (${email}, ${hash}, ${firstName}, 'Keeper', 'Bahnhofstrasse 1', '8001', 'Zürich', 'CH', '+41 44 000 00 00')
    RETURNING id`);
  const id = res.rows[0]?.id;
  if (id === undefined) throw new Error(`user ${email} not created`);
  return id;
}

/** Logs in through POST /api/user/login; returns the Cookie header for later calls. */
export async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: clientPassword() }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export type History = {
  ownerId: number;
  /** a name unique in the database: it also makes the controllers' IMSI/IMEI unique */
  name: string;
  controllers: number;
  scalesPerController: number;
  /** ISO instants: readings every 15 minutes in [from, to) on every scale channel */
  from: string;
  to: string;
};

export type SeededHistory = { controllerIds: number[]; scaleIds: number[]; rows: number };

/**
 * Controllers (Europe/Zurich, with a location) owned by `ownerId`, each with weight scales on channels
 * 1..scalesPerController set up at `from`, and a weight reading every 15 minutes on each of them (a smooth
 * daily swing plus a slow gain); the rollups are rebuilt with the product's own rebuildRollups, and the
 * tables analysed, as after a long life of ingest.
 */
export async function seedHistory(db: Db, h: History): Promise<SeededHistory> {
  const ids = await db.execute<{ id: number }>(sql`INSERT INTO controllers (name, imsi, imei, lat, lng,
      subscription_end, device_token_hash, owner_id, registered_at)
    SELECT ${h.name} || ' ' || i, '2289' || lpad(abs(hashtext(${h.name} || i)::bigint)::text, 11, '0'),
      '3569' || lpad(abs(hashtext(${h.name} || i)::bigint)::text, 11, '0'), 47.3, 8.5, now() + interval '1 year',
      md5(${h.name} || i), ${h.ownerId}, ${h.from}::timestamptz
    FROM generate_series(1, ${h.controllers}) i ORDER BY i RETURNING id`);
  const controllerIds = ids.rows.map((r) => r.id);
  const scales = await db.execute<{
    id: number;
  }>(sql`INSERT INTO scales (controller_id, channel, name, type, setup_at)
    SELECT c.id, ch, 'Volk ' || (c.n - 1) * ${h.scalesPerController} + ch, 'weight', ${h.from}::timestamptz
    FROM unnest(${sql.param(controllerIds)}::int[]) WITH ORDINALITY AS c(id, n),
      generate_series(1, ${h.scalesPerController}) ch
    ORDER BY c.n, ch RETURNING id`);
  const inserted = await db.execute(sql`INSERT INTO readings (controller_id, channel, time, weight)
    SELECT c, ch, t,
      round((40 + ch + 3 * sin(extract(epoch FROM t) / 13751.0) + extract(epoch FROM t - ${h.from}::timestamptz) / 3e6)::numeric, 3)
    FROM unnest(${sql.param(controllerIds)}::int[]) c, generate_series(1, ${h.scalesPerController}) ch,
      generate_series(${h.from}::timestamptz, ${h.to}::timestamptz - interval '15 minutes', interval '15 minutes') t`);
  for (const id of controllerIds) await rebuildRollups(db, id);
  await db.execute(sql`VACUUM ANALYZE`);
  return { controllerIds, scaleIds: scales.rows.map((r) => r.id), rows: inserted.rowCount ?? 0 };
}
