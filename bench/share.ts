import { seriesResponseSchema, shareCreateResponseSchema, shareViewSchema } from '@hivescope/contract';
import autocannon from 'autocannon';
import { DURATION_S, load, warmUp } from './lib/load';
import type { Scratch } from './lib/postgres';
import { startApp, startHello } from './lib/processes';
import { createBeekeeper, login, seedHistory } from './lib/seed';

/**
 * Live-feed share benchmark (docs/shares.md "Caching"): a beekeeper with 4 scales and 30 days of 15-minute
 * readings shares them as a live feed (last 7 days). 200 anonymous viewers (connections) call GET /api/series
 * with only X-Share-Token — the call a shared page makes per refresh — against the same call logged in (the
 * owner's session, no cache) in the same run. Requests ask for compressed answers, as browsers do. Also counts the series reads that reach
 * the database during the share run (scans of the readings tables): the share's answer is cached for 30 s.
 */

const EMAIL = 'share-bench@hivescope.local';
const SCALES = 4;
export const VIEWERS = 200;

/** The ceiling on this machine: a bare Fastify hello world under the same 200 connections. */
async function helloAt(connections: number) {
  const server = await startHello();
  try {
    await warmUp({ url: `${server.url}/hello` });
    return await load('hello world, 200 connections', { url: `${server.url}/hello`, connections });
  } finally {
    await server.stop();
  }
}

export type ShareBench = {
  /** the app's own floor: GET /api/app/config (every hook and header, no database) */
  stackP50: number;
  stackRps: number;
  helloP50: number;
  helloRps: number;
  /** scans of the readings tables one series read makes */
  scansPerRead: number;
  /** scans of the readings tables by other work while idle for as long as a run */
  idleScans: number;
  shareP50: number;
  shareP99: number;
  shareRps: number;
  shareRequests: number;
  /** non-2xx answers and connection errors (time-outs) under 200 connections */
  shareFailed: number;
  sessionFailed: number;
  /** series reads during the share run (scans of the readings tables / scans per read) */
  seriesReads: number;
  sessionP50: number;
  sessionP99: number;
  sessionRps: number;
};

/** Scans of the readings tables so far: only series reads touch them (not pg-boss, not sessions). */
async function readingScans(scratch: Scratch): Promise<number> {
  // the statistics are flushed about once a second by each backend
  await new Promise((r) => setTimeout(r, 1500));
  const res = await scratch.db.$client.query<{ n: string }>(
    `SELECT (sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)))::text AS n FROM pg_stat_user_tables
      WHERE relname IN ('readings', 'readings_hourly', 'readings_daily')`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

export async function benchShare(scratch: Scratch): Promise<ShareBench> {
  const ownerId = await createBeekeeper(scratch.db, EMAIL);
  const to = new Date(Math.floor(Date.now() / 900_000) * 900_000).toISOString();
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const history = { ownerId, name: 'Share bench', controllers: 1, scalesPerController: SCALES, from, to };
  const { scaleIds } = await seedHistory(scratch.db, history);
  const app = await startApp(scratch.url);
  try {
    const cookie = await login(app.url, EMAIL);
    const created = await fetch(`${app.url}/api/share`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ scales: scaleIds, series: ['weight'], type: 'live', days: 7, kind: 'iframe' }),
    });
    const { token } = shareCreateResponseSchema.parse(await created.json());
    const viewRes = await fetch(`${app.url}/api/share/view`, { headers: { 'x-share-token': token } });
    const view = shareViewSchema.parse(await viewRes.json());
    const q = new URLSearchParams({
      scales: scaleIds.join(','),
      series: 'weight',
      xmin: String(view.xmin),
      xmax: String(view.xmax),
    });
    const url = `${app.url}/api/series?${q.toString()}`;
    const check = seriesResponseSchema.parse(
      await (await fetch(url, { headers: { 'x-share-token': token } })).json(),
    );
    if (check.series.length !== SCALES || check.series.some((s) => s.status !== 'ok'))
      throw new Error('the shared series call answered an unexpected body');

    // as a browser asks: compressed answers (the share's cached answer is compressed once)
    const encoding = { 'accept-encoding': 'gzip, deflate, br' };
    const shared = { url, headers: { 'x-share-token': token, ...encoding } };
    // the scans of one uncached series read (logged in)
    const one0 = await readingScans(scratch);
    for (let i = 0; i < 3; i++) await fetch(url, { headers: { cookie } });
    const perRead = Math.max(1, ((await readingScans(scratch)) - one0) / 3);
    await warmUp(shared);
    // what other work (the alarm detection job, rollup checks) scans in as long: subtracted below
    const idle0 = await readingScans(scratch);
    await new Promise((r) => setTimeout(r, DURATION_S * 1000));
    const idle = (await readingScans(scratch)) - idle0;
    const before = await readingScans(scratch);
    const raw = await autocannon({ ...shared, connections: VIEWERS, duration: DURATION_S });
    const share = {
      p50: raw.latency.p50,
      p99: raw.latency.p99,
      rps: raw.requests.average,
      ok: raw['2xx'],
      failed: raw.non2xx + raw.errors,
    };
    if (share.failed > 0)
      console.log(
        `  share run: ${raw.non2xx} non-2xx, ${raw.errors} connection errors (${raw.timeouts} time-outs), status codes ${JSON.stringify(raw.statusCodeStats)}`,
      );
    const seriesReads = Math.max(0, (await readingScans(scratch)) - before - idle) / perRead;
    if (share.failed > share.ok / 100)
      throw new Error(`${share.failed} of ${share.ok} shared series calls failed`);

    const session = { url, headers: { cookie, ...encoding } };
    await warmUp(session);
    const logged = await load(`GET /api/series, logged in, ${VIEWERS} connections`, {
      ...session,
      connections: VIEWERS,
      duration: DURATION_S,
    });
    if (logged.failed > logged.ok / 100)
      throw new Error(`${logged.failed} of ${logged.ok} logged-in series calls failed`);
    const stack = await load('GET /api/app/config, 200 connections', {
      url: `${app.url}/api/app/config`,
      headers: encoding,
      connections: VIEWERS,
      duration: DURATION_S,
    });
    const hello = await helloAt(VIEWERS);
    return {
      stackP50: stack.p50,
      stackRps: stack.rps,
      helloP50: hello.p50,
      helloRps: hello.rps,
      scansPerRead: perRead,
      idleScans: idle,
      shareP50: share.p50,
      shareP99: share.p99,
      shareRps: share.rps,
      shareRequests: share.ok,
      shareFailed: share.failed,
      sessionFailed: logged.failed,
      seriesReads,
      sessionP50: logged.p50,
      sessionP99: logged.p99,
      sessionRps: logged.rps,
    };
  } finally {
    await app.stop();
  }
}

export function shareVerdict(b: ShareBench): string {
  const ratio = b.shareP50 / Math.max(b.sessionP50, 0.001);
  return [
    `\nLive-feed share: ${SCALES} scales × 7 days (raw readings), ${VIEWERS} concurrent anonymous viewers, embedded PG`,
    `  share token: p50 ${b.shareP50} ms, p99 ${b.shareP99} ms, ${b.shareRps.toFixed(0)} req/s (${b.shareRequests} answers, ${b.shareFailed} failed)`,
    `  logged in (no cache): p50 ${b.sessionP50} ms, p99 ${b.sessionP99} ms, ${b.sessionRps.toFixed(0)} req/s (${b.sessionFailed} failed)`,
    `  app stack (GET /api/app/config: every hook and header, no database, same connections): p50 ${b.stackP50} ms, ${b.stackRps.toFixed(0)} req/s`,
    `  hello world (bare Fastify, same connections, the machine's ceiling): p50 ${b.helloP50} ms, ${b.helloRps.toFixed(0)} req/s`,
    `  ratio share/logged-in p50 ${ratio.toFixed(2)}; series reads from the database during the share run: ${b.seriesReads.toFixed(1)} for ${b.shareRequests} requests (${b.scansPerRead.toFixed(1)} table scans per read; ${b.idleScans} scans by other work while idle subtracted)`,
    `  aim p50 ≤ 20 ms: ${b.shareP50 <= 20 ? 'met' : 'NOT met'}; at most one series read per cache period (30 s): ${b.seriesReads <= Math.ceil(DURATION_S / 30) + 1 ? 'met' : 'NOT met'}`,
  ].join('\n');
}
