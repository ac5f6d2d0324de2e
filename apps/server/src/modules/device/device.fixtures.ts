import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DeviceReport } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { controllers } from '../../db/schema';
import { deviceTokenHash } from './device.service';

/** Test helpers: controllers created directly in the database, report bodies, counters. */

let seq = 0;

export type TestController = { id: number; token: string; imsi: string; imei: string | null };

export async function insertController(
  db: Db,
  opts: { imei?: string | null; subscriptionEnd?: Date; timeZone?: string; desiredFirmware?: string } = {},
): Promise<TestController> {
  const token = crypto.randomBytes(24).toString('base64url');
  const imsi = `22801${String(++seq).padStart(4, '0')}${crypto.randomInt(100000, 999999)}`;
  const imei = opts.imei === undefined ? `35693803${crypto.randomInt(1000000, 9999999)}` : opts.imei;
  const [row] = await db
    .insert(controllers)
    .values({
      name: `Test ${imsi}`,
      imsi,
      imei,
      timeZone: opts.timeZone ?? 'Europe/Zurich',
      subscriptionEnd: opts.subscriptionEnd ?? new Date(Date.now() + 365 * 86400_000),
      deviceTokenHash: deviceTokenHash(token),
      desiredFirmware: opts.desiredFirmware ?? null,
    })
    .returning({ id: controllers.id });
  if (!row) throw new Error('insert failed');
  return { id: row.id, token, imsi, imei };
}

const BASE = Date.parse('2025-03-30T00:00:00Z'); // includes the CET→CEST switch (local day of 23 h)

/** A report with `count` readings, hourly from `startHour` (hours after BASE), on `channels`. */
export function report(
  c: Pick<TestController, 'imsi' | 'imei'>,
  opts: { startHour?: number; count?: number; channels?: number[]; firmware?: string; step?: number } = {},
): DeviceReport {
  const { startHour = 0, count = 4, channels = [1, 2, 3], firmware = '1.4.2', step = 1 } = opts;
  const readings = Array.from({ length: count }, (_, i) => {
    const h = startHour + i * step;
    return {
      time: new Date(BASE + Math.round(h * 60) * 60_000).toISOString(),
      channels: channels.map((ch) =>
        ch === 3
          ? { channel: ch, temperature: 20 + ((h * 7) % 13) / 10, humidity: 50 + (h % 17) }
          : { channel: ch, weight: 40 + ch + ((h * 37) % 101) / 100 },
      ),
    };
  });
  return {
    imsi: c.imsi,
    imei: c.imei ?? '356938035643809',
    firmware,
    status: { temperature: 11.5, voltage: 3.91, signal: -77 },
    readings,
  };
}

export async function count(
  db: Db,
  table: 'readings' | 'readings_hourly' | 'readings_daily' | 'controller_status',
  id: number,
) {
  const res = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE controller_id = ${id}`,
  );
  return res.rows[0]?.n ?? 0;
}
