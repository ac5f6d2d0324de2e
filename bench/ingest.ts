import crypto from 'node:crypto';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { load, warmUp, type LoadResult } from './lib/load';
import { startApp, type Server } from './lib/processes';
import type { Scratch } from './lib/postgres';

/** Ingest benchmark: device reports of 8 channels × 4 readings, every request with new times (all rows new). */

const CONTROLLERS = 200;
const BASE = Date.parse('2020-01-01T00:00:00Z');
const token = (i: number) => `bench-device-token-${i}`;
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const imsi = (i: number) => `22899${String(i).padStart(10, '0')}`;

export async function seedDevices(db: Db) {
  const hashes = Array.from({ length: CONTROLLERS }, (_, i) => sha256(token(i)));
  await db.$client.query(
    `INSERT INTO controllers (name, imsi, imei, subscription_end, device_token_hash)
     SELECT 'Bench ' || i, '22899' || lpad(i::text, 10, '0'), '35693803' || lpad(i::text, 7, '0'), now() + interval '1 year', h
     FROM unnest($1::text[]) WITH ORDINALITY AS t(h, n), LATERAL (SELECT (n - 1)::int AS i) x`,
    [hashes],
  );
}

/** Request n: controller n % 200, readings at minutes (k*4 .. k*4+3) after 2020-01-01, k = n / 200. */
function reportBody(n: number): string {
  const c = n % CONTROLLERS;
  const k = Math.floor(n / CONTROLLERS);
  const readings = [];
  for (let j = 0; j < 4; j++) {
    const m = k * 4 + j;
    const channels = [];
    for (let ch = 1; ch <= 8; ch++) {
      channels.push(
        ch === 8
          ? { channel: 8, temperature: 20 + (m % 50) / 10, humidity: 55 + (m % 30) }
          : { channel: ch, weight: 30 + ch + (m % 97) / 10 },
      );
    }
    readings.push({ time: new Date(BASE + m * 60_000).toISOString(), channels });
  }
  return JSON.stringify({
    imsi: imsi(c),
    imei: `35693803${String(c).padStart(7, '0')}`,
    firmware: '1.4.2',
    status: { temperature: 12.5, voltage: 3.9, signal: -71 },
    readings,
  });
}

export function ingestRequests(start: { n: number }): autocannon.Request[] {
  return [
    {
      method: 'POST',
      path: '/api/device/v1/report',
      setupRequest: (req) => {
        const n = start.n++;
        req.headers = {
          'content-type': 'application/json',
          authorization: `Bearer ${token(n % CONTROLLERS)}`,
        };
        req.body = reportBody(n);
        return req;
      },
    },
  ];
}

export type IngestOutcome = {
  result: LoadResult;
  stack?: LoadResult;
  raw: number;
  hourly: number;
  daily: number;
};

/** Starts the app on `scratch`, warms up, measures, and checks raw rows = rollup counts afterwards. */
export async function benchIngest(scratch: Scratch, opts: { stack?: boolean } = {}): Promise<IngestOutcome> {
  await seedDevices(scratch.db);
  const app: Server = await startApp(scratch.url);
  try {
    let stack: LoadResult | undefined;
    if (opts.stack) {
      // the same app and middleware (helmet, hooks, logger) without any database work: where the app stack stands
      await warmUp({ url: `${app.url}/api/app/config` });
      stack = await load('GET /api/app/config (full app stack, no DB)', { url: `${app.url}/api/app/config` });
    }
    const counter = { n: 0 };
    await warmUp({ url: app.url, requests: ingestRequests(counter) });
    const result = await load(`POST device/v1/report, 32 values (${scratch.label})`, {
      url: app.url,
      requests: ingestRequests(counter),
    });
    await new Promise((r) => setTimeout(r, 500));
    const res = await scratch.db.execute<{ raw: number; hourly: number; daily: number }>(sql`SELECT
      (SELECT count(*)::int FROM readings) AS raw, (SELECT coalesce(sum(n), 0)::int FROM readings_hourly) AS hourly,
      (SELECT coalesce(sum(n), 0)::int FROM readings_daily) AS daily`);
    const counts = res.rows[0] ?? { raw: 0, hourly: 0, daily: 0 };
    return { result, stack, ...counts };
  } finally {
    await app.stop();
  }
}
