import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SERIES_MAX_POINTS, seriesResponseSchema } from '@hivescope/contract';
import { rebuildRollups } from '../apps/server/src/modules/device/rollups.repository';
import { hashPassword } from '../apps/server/src/modules/password/password.hash';
import { DURATION_S, load, warmUp } from './lib/load';
import type { Scratch } from './lib/postgres';
import { startApp } from './lib/processes';

/**
 * Series API benchmark (issue 8): one controller with 8 scales and 2 years of 15-minute readings (seeded in
 * SQL, rollups rebuilt by the product's own rebuildRollups), logged in through POST /api/user/login.
 * Measures GET /api/series for the 8 weights over the 2 years (the daily rollup, ≤ 2,000 points each) with one
 * connection (latency, no queueing), and in the same run the baseline: the same answer computed on the fly
 * from the raw table with `date_bin` (daily bins, mean/min/max per scale), timed from this process.
 */

export const EMAIL = 'series-bench@hivescope.local';
export const PASSWORD = 'bench-password';
const FROM = '2024-01-01T00:00:00Z';
const TO = '2026-01-01T00:00:00Z';
const SCALES = 8;
const BASELINE_RUNS = 25;
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export type SeriesBench = {
  rows: number;
  seriesP50: number;
  seriesP99: number;
  rps: number;
  points: number;
  baselineP50: number;
};

export async function seed(
  scratch: Pick<Scratch, 'db'>,
): Promise<{ controllerId: number; scaleIds: number[]; rows: number }> {
  const { db } = scratch;
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`INSERT INTO users (email, password_hash, first_name, last_name, street, zip, city, country, phone)
    VALUES (${EMAIL}, ${hash}, 'Bench', 'Keeper', 'Bahnhofstrasse 1', '8001', 'Zürich', 'CH', '+41 44 000 00 00')`);
  const ctl = await db.execute<{
    id: number;
  }>(sql`INSERT INTO controllers (name, imsi, imei, lat, lng, subscription_end,
      device_token_hash, owner_id, registered_at)
    VALUES ('Series bench', '228990000000001', '356938040000001', 47.3, 8.5, now() + interval '1 year', md5('series'),
      (SELECT id FROM users WHERE email = ${EMAIL}), ${FROM}::timestamptz) RETURNING id`);
  const controllerId = ctl.rows[0]?.id ?? 0;
  const scales = await db.execute<{
    id: number;
  }>(sql`INSERT INTO scales (controller_id, channel, name, type, setup_at)
    SELECT ${controllerId}, ch, 'Volk ' || ch, 'weight', ${FROM}::timestamptz FROM generate_series(1, ${SCALES}) ch
    RETURNING id`);
  const inserted =
    await db.execute(sql`INSERT INTO readings (controller_id, channel, time, weight, temperature, humidity)
    SELECT ${controllerId}, ch, t,
      round((40 + ch + 3 * sin(extract(epoch FROM t) / 13751.0) + extract(epoch FROM t - ${FROM}::timestamptz) / 3e6)::numeric, 3),
      NULL, NULL
    FROM generate_series(1, ${SCALES}) ch,
      generate_series(${FROM}::timestamptz, ${TO}::timestamptz - interval '15 minutes', interval '15 minutes') t`);
  await rebuildRollups(db, controllerId);
  await db.execute(sql`VACUUM ANALYZE`);
  return { controllerId, scaleIds: scales.rows.map((r) => r.id), rows: inserted.rowCount ?? 0 };
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: sha256(PASSWORD) }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

/** The baseline: daily bins over the raw table with date_bin, per scale (channel), mean/min/max. */
async function baseline(scratch: Scratch, controllerId: number): Promise<number> {
  const query = `SELECT channel, date_bin('1 day', time, $2::timestamptz) AS bin,
      avg(weight) AS w, min(weight) AS lo, max(weight) AS hi
    FROM readings WHERE controller_id = $1 AND channel = ANY($4::int[]) AND time >= $2 AND time < $3
    GROUP BY channel, bin ORDER BY channel, bin`;
  const channels = Array.from({ length: SCALES }, (_, i) => i + 1);
  const params = [controllerId, FROM, TO, channels];
  const times: number[] = [];
  for (let i = 0; i < BASELINE_RUNS + 3; i++) {
    const started = performance.now();
    const res = await scratch.db.$client.query(query, params);
    if (i >= 3) times.push(performance.now() - started);
    if (res.rowCount !== SCALES * 731) throw new Error(`baseline answered ${res.rowCount} rows`);
  }
  return median(times);
}

export async function benchSeries(scratch: Scratch): Promise<SeriesBench> {
  const { controllerId, scaleIds, rows } = await seed(scratch);
  const app = await startApp(scratch.url);
  try {
    const cookie = await login(app.url);
    const q = new URLSearchParams({
      scales: scaleIds.join(','),
      series: 'weight',
      xmin: String(Date.parse(FROM) / 1000),
      xmax: String(Date.parse(TO) / 1000),
    });
    const target = { url: `${app.url}/api/series?${q.toString()}`, headers: { cookie } };
    const check = await fetch(target.url, { headers: target.headers });
    const body = seriesResponseSchema.parse(await check.json());
    const points = body.series.reduce((n, s) => n + s.times.length, 0);
    if (
      body.series.length !== SCALES ||
      body.series.some((s) => s.status !== 'ok' || s.times.length > SERIES_MAX_POINTS || s.times.length < 700)
    )
      throw new Error(`GET /api/series answered ${check.status} with an unexpected body`);
    await warmUp(target);
    const result = await load('GET /api/series (8 scales × 2 years)', {
      ...target,
      connections: 1,
      duration: DURATION_S,
    });
    if (result.failed > 0) throw new Error(`${result.failed} series calls failed`);
    const baselineP50 = await baseline(scratch, controllerId);
    return { rows, seriesP50: result.p50, seriesP99: result.p99, rps: result.rps, points, baselineP50 };
  } finally {
    await app.stop();
  }
}

export function seriesVerdict(b: SeriesBench): string {
  const ratio = b.baselineP50 / Math.max(b.seriesP50, 0.001);
  return [
    `\nSeries API: 8 scales × 2 years of 15-minute data (${b.rows.toLocaleString('en')} raw rows, embedded PG), ${b.points} points answered`,
    `  GET /api/series, 1 connection: p50 ${b.seriesP50} ms, p99 ${b.seriesP99} ms, ${b.rps.toFixed(0)} req/s`,
    `  baseline date_bin over the raw table (SQL only, ${BASELINE_RUNS} runs): p50 ${b.baselineP50.toFixed(1)} ms`,
    `  aim p50 ≤ 15 ms: ${b.seriesP50 <= 15 ? 'met' : 'NOT met'}; ratio ${ratio.toFixed(1)}× (aim ≥ 5×: ${ratio >= 5 ? 'met' : 'NOT met'})`,
  ].join('\n');
}
