// `npm run bench`: ingest and dashboard API throughput against a hello-world baseline measured in the same run,
// and the login page's JavaScript weight and throttled load times (bench/login-bundle.ts).
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL (also bench an
// external PostgreSQL: a scratch database is created there and dropped), BENCH_ONLY=ingest|dashboard|series|login|chart,
// BENCH_WEB_DIST (measure this web build instead of building one), BENCH_RUNS (throttled loads, default 3).
import os from 'node:os';
import { benchChart } from './chart-render';
import { benchDashboard } from './dashboard';
import { benchIngest, type IngestOutcome } from './ingest';
import { benchLoginBundle } from './login-bundle';
import { benchSeries, seriesVerdict } from './series';
import { CONNECTIONS, DURATION_S, load, table, warmUp, type LoadResult } from './lib/load';
import { embeddedScratch, externalScratch, type Scratch } from './lib/postgres';
import { startHello } from './lib/processes';

const only = process.env.BENCH_ONLY;

async function hello(): Promise<LoadResult> {
  const server = await startHello();
  try {
    await warmUp({ url: `${server.url}/hello` });
    return await load('hello world (bare Fastify 5, no DB)', { url: `${server.url}/hello` });
  } finally {
    await server.stop();
  }
}

async function withScratch<T>(make: () => Promise<Scratch>, fn: (s: Scratch) => Promise<T>): Promise<T> {
  const scratch = await make();
  try {
    return await fn(scratch);
  } finally {
    await scratch.dispose();
  }
}

function verdict(o: IngestOutcome, base: LoadResult): string {
  const ratio = o.result.rps / base.rps;
  const consistent = o.raw === o.hourly && o.raw === o.daily;
  return `  ${o.result.name}: ratio ${ratio.toFixed(2)} (aim ≥ 0.30: ${ratio >= 0.3 ? 'met' : 'NOT met'}), p99 ${o.result.p99} ms (aim < 50: ${o.result.p99 < 50 ? 'met' : 'NOT met'}), rows ${o.raw} raw = ${o.hourly} hourly = ${o.daily} daily: ${consistent ? 'consistent' : 'INCONSISTENT'}`;
}

async function main() {
  console.log(
    `Hivescope bench — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${CONNECTIONS} connections, ${DURATION_S} s per scenario`,
  );
  if (only === 'login') return benchLoginBundle();
  if (only === 'chart') return benchChart();
  if (only === 'series')
    return void console.log(seriesVerdict(await withScratch(embeddedScratch, benchSeries)));
  const baseline = await hello();
  if (only !== 'dashboard') {
    const outcomes: IngestOutcome[] = [
      await withScratch(embeddedScratch, (s) => benchIngest(s, { stack: true })),
    ];
    const external = process.env.BENCH_DATABASE_URL;
    if (external)
      outcomes.push(
        await withScratch(
          () => externalScratch(external),
          (s) => benchIngest(s),
        ),
      );
    const stack = outcomes.flatMap((o) => (o.stack ? [o.stack] : []));
    console.log(
      table(
        'Ingest: POST /api/device/v1/report',
        [baseline, ...stack, ...outcomes.map((o) => o.result)],
        baseline,
      ),
    );
    for (const o of outcomes) console.log(verdict(o, baseline));
  }
  if (only !== 'ingest') {
    const rows = await withScratch(embeddedScratch, (s) => benchDashboard(s));
    console.log(
      table(
        'Dashboard API: a user with 50 controllers × 8 scales, 60 days hourly (embedded PG)',
        [baseline, ...rows],
        baseline,
      ),
    );
  }
  if (!only) {
    console.log(seriesVerdict(await withScratch(embeddedScratch, benchSeries)));
    await benchLoginBundle();
    await benchChart();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('bench failed:', err);
    process.exit(1);
  },
);
