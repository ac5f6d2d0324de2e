// `npm run bench`: ingest and dashboard API throughput against a hello-world baseline measured in the same run,
// and the login page's JavaScript weight and throttled load times (bench/login-bundle.ts).
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL (also bench an
// external PostgreSQL: a scratch database is created there and dropped),
// BENCH_ONLY=ingest|dashboard|series|rollups|share|export|login|chart|alarm-pipeline|alarms|rhythm-gate|regions|map|admin-lists, BENCH_WEB_DIST (measure this web build instead of
// building one), BENCH_RUNS (throttled loads, default 3), BENCH_EXPORT_RUNS (exports per layout, default 3),
// BENCH_ALARM_SEEDS (alarms: "tune", "from-to", or the strong-flow corpus "strong-tune", "strong-held",
// "strong:from-to"; default the held-out apiaries 1001–1060).
import os from 'node:os';
import { alarmPipelineVerdict, benchAlarmPipeline } from './alarm-pipeline';
import { benchAlarmsQuality } from './alarms-quality';
import { benchRhythmGate } from './rhythm-gate';
import { benchChart } from './chart-render';
import { benchDashboard, dashboardRows, dashboardVerdict } from './dashboard';
import { benchExport, exportVerdict } from './export';
import { benchIngest, type IngestOutcome } from './ingest';
import { benchLoginBundle } from './login-bundle';
import { benchSeries, seriesVerdict } from './series';
import { benchRollups, rollupsVerdict, SAMPLINGS } from './rollups';
import { benchShare, shareVerdict } from './share';
import { benchRegions, regionsVerdict } from './regions';
import { benchMap, mapVerdict } from './map';
import { adminListsVerdict, benchAdminLists } from './admin-lists';
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
  if (only === 'alarms') return benchAlarmsQuality();
  if (only === 'rhythm-gate') return benchRhythmGate();
  if (only === 'series')
    return void console.log(seriesVerdict(await withScratch(embeddedScratch, benchSeries)));
  if (only === 'rollups') {
    const results = [];
    for (const sampling of SAMPLINGS)
      results.push(await withScratch(embeddedScratch, (s) => benchRollups(s, sampling)));
    return void console.log(rollupsVerdict(results));
  }
  if (only === 'share') return void console.log(shareVerdict(await withScratch(embeddedScratch, benchShare)));
  if (only === 'alarm-pipeline')
    return void console.log(alarmPipelineVerdict(await withScratch(embeddedScratch, benchAlarmPipeline)));
  if (only === 'export')
    return void console.log(exportVerdict(await withScratch(embeddedScratch, benchExport)));
  if (only === 'regions')
    return void console.log(regionsVerdict(await withScratch(embeddedScratch, benchRegions)));
  if (only === 'map') return void console.log(mapVerdict(await withScratch(embeddedScratch, benchMap)));
  if (only === 'admin-lists')
    return void console.log(adminListsVerdict(await withScratch(embeddedScratch, benchAdminLists)));
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
    const dashboard = await withScratch(embeddedScratch, (s) => benchDashboard(s));
    console.log(
      table(
        'Dashboard API: a user with 50 controllers × 8 scales, 60 days hourly (embedded PG)',
        [baseline, ...dashboardRows(dashboard)],
        baseline,
      ),
    );
    console.log(dashboardVerdict(dashboard));
  }
  if (!only) {
    console.log(seriesVerdict(await withScratch(embeddedScratch, benchSeries)));
    console.log(exportVerdict(await withScratch(embeddedScratch, benchExport)));
    console.log(alarmPipelineVerdict(await withScratch(embeddedScratch, benchAlarmPipeline)));
    await benchLoginBundle();
    await benchChart();
    await benchAlarmsQuality();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('bench failed:', err);
    process.exit(1);
  },
);
