import { SERIES_MAX_POINTS, seriesResponseSchema } from '@hivescope/contract';
import { DURATION_S, load, median, warmUp } from './lib/load';
import type { Scratch } from './lib/postgres';
import { startApp } from './lib/processes';
import { createBeekeeper, login, seedHistory } from './lib/seed';

/**
 * Series API benchmark (issue 8): one controller with 8 scales and 2 years of 15-minute readings (seeded in
 * SQL, rollups rebuilt by the product's own rebuildRollups), logged in through POST /api/user/login.
 * Measures GET /api/series for the 8 weights over the 2 years (the daily rollup, ≤ 2,000 points each) with one
 * connection (latency, no queueing), and in the same run the baseline: the same answer computed on the fly
 * from the raw table with `date_bin` (daily bins, mean/min/max per scale), timed from this process.
 */

const EMAIL = 'series-bench@hivescope.local';
const FROM = '2024-01-01T00:00:00Z';
const TO = '2026-01-01T00:00:00Z';
const SCALES = 8;
const BASELINE_RUNS = 25;

export type SeriesBench = {
  rows: number;
  seriesP50: number;
  seriesP99: number;
  rps: number;
  points: number;
  baselineP50: number;
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
  const ownerId = await createBeekeeper(scratch.db, EMAIL);
  const history = { ownerId, name: 'Series bench', controllers: 1, scalesPerController: SCALES };
  const { controllerIds, scaleIds, rows } = await seedHistory(scratch.db, { ...history, from: FROM, to: TO });
  const controllerId = controllerIds[0] ?? 0;
  const app = await startApp(scratch.url);
  try {
    const cookie = await login(app.url, EMAIL);
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
