import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../apps/server/src/db/client';
import type { Queryable } from '../apps/server/src/db/queryable';
import { GRID_MS } from '../apps/server/src/modules/alarms/detect';
import { rebuildRollups } from '../apps/server/src/modules/device/rollups.repository';
import {
  currentValues,
  lastWeights,
  midnightWeights,
  newReportTimes,
  readingsOfChannel,
  weightSamples,
} from '../apps/server/src/modules/measurements/measurements.service';
import type { HourlySource } from '../apps/server/src/modules/measurements/columns.repository';
import type { ChannelRef, Resolution } from '../apps/server/src/modules/measurements/measurements.types';
import {
  readChannelColumns,
  readRange,
  readStatusRange,
} from '../apps/server/src/modules/measurements/ranges';
import { median } from './lib/load';
import type { Scratch } from './lib/postgres';
import { createBeekeeper, seedHistory } from './lib/seed';

/**
 * Rollups benchmark (issue 14, `BENCH_ONLY=rollups`): do the rollups pay for themselves? One controller with 8
 * weight scales and 2 years (2024–2025) of readings, sampled every 15 minutes in one scratch database and every
 * hour in another (rollups rebuilt with the product's rebuildRollups, tables analysed). For each: rows and
 * on-disk size (heap + primary key) of readings, readings_hourly and readings_daily; then the chart reader's
 * reads of the 8 weights (`readChannelColumns`, what GET series and the export call) over a year and over
 * the spans where each resolution applies: every statement the reader sends is recorded and run again under
 * EXPLAIN (ANALYZE, BUFFERS) — the database's execution time (median of RUNS), the rows its scans read, the
 * tables, and whether the plan sorts — and the whole read is timed in process. Last, the plan of every
 * other reader query of modules/measurements on the same data (and its execution time, median of
 * PLAN_RUNS), to show none of them sorts.
 */

const EMAIL = 'rollups-bench@hivescope.local';
const SEED_FROM = '2024-01-01T00:00:00Z';
const SEED_TO = '2026-01-01T00:00:00Z';
const SCALES = 8;
const RUNS = Number(process.env.BENCH_ROLLUP_RUNS ?? 15);
/** the other readers' execution time: median of this many EXPLAIN ANALYZE runs */
const PLAN_RUNS = 7;
const DAY_MS = 86_400_000;
const END = Date.parse(SEED_TO);

export type Sampling = { label: string; every: string };
export const SAMPLINGS: Sampling[] = [
  { label: '15-minute', every: '15 minutes' },
  { label: 'hourly', every: '1 hour' },
];

type TableFigures = { rows: number; bytes: number };
export type ReadFigure = {
  name: string;
  resolution: Resolution;
  /** tables the plans scanned */
  tables: string[];
  /** rows the scans of readings / readings_hourly / readings_daily returned */
  rowsRead: number;
  points: number;
  /** EXPLAIN ANALYZE execution time of the reader's statements, summed, median of RUNS */
  dbMs: number;
  /** the reader call in this process (statements, parsing, shaping), median of RUNS */
  readerMs: number;
  sorts: boolean;
};
export type PlanFigure = { name: string; nodes: string; sorts: boolean; dbMs: number };
export type RollupsBench = {
  sampling: Sampling;
  tables: { raw: TableFigures; hourly: TableFigures; daily: TableFigures };
  reads: ReadFigure[];
  plans: PlanFigure[];
  load: [number, number];
};

/** Scales set up at SEED_FROM (seedHistory without readings), then readings every `every` and status reports. */
export async function seedSampling(db: Db, every: string) {
  const ownerId = await createBeekeeper(db, EMAIL);
  const history = { ownerId, name: 'Rollups bench', controllers: 1, scalesPerController: SCALES };
  const { controllerIds, scaleIds } = await seedHistory(db, { ...history, from: SEED_FROM, to: SEED_FROM });
  const controllerId = controllerIds[0] ?? 0;
  // the weight curve of bench/lib/seed.ts, at this sampling
  await db.execute(sql`INSERT INTO readings (controller_id, channel, time, weight)
    SELECT ${controllerId}, ch, t,
      round((40 + ch + 3 * sin(extract(epoch FROM t) / 13751.0) + extract(epoch FROM t - ${SEED_FROM}::timestamptz) / 3e6)::numeric, 3)
    FROM generate_series(1, ${SCALES}) ch,
      generate_series(${SEED_FROM}::timestamptz, ${SEED_TO}::timestamptz - ${every}::interval, ${every}::interval) t`);
  // a status report every 3 hours (the default update interval)
  await db.execute(sql`INSERT INTO controller_status (controller_id, time, temperature, voltage, signal)
    SELECT ${controllerId}, t, 10 + 8 * sin(extract(epoch FROM t) / 13751.0), 3.9, -75
    FROM generate_series(${SEED_FROM}::timestamptz, ${SEED_TO}::timestamptz - interval '3 hours', interval '3 hours') t`);
  await rebuildRollups(db, controllerId);
  await db.execute(sql`VACUUM ANALYZE`);
  // the seeding's dirty pages written now, not by the checkpointer while reads are timed
  await db.execute(sql`CHECKPOINT`);
  return { controllerId, scaleIds };
}

async function tableFigures(db: Db, table: string): Promise<TableFigures> {
  const res = await db.$client.query<{ rows: number; bytes: number }>(
    `SELECT (SELECT count(*) FROM ${table})::int AS rows, pg_total_relation_size('${table}')::float8 AS bytes`,
  );
  const row = res.rows[0];
  return { rows: row?.rows ?? 0, bytes: row?.bytes ?? 0 };
}

const dialect = new PgDialect();
type Statement = { text: string; params: unknown[] };

/** The database, recording every statement a reader sends through it. */
function recording(db: Db): { q: Queryable; statements: Statement[] } {
  const statements: Statement[] = [];
  const q = {
    execute: (query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      statements.push({ text, params });
      return db.execute(query);
    },
  } as unknown as Queryable;
  return { q, statements };
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};
type Explained = { Plan: PlanNode; 'Execution Time': number };

function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

const READING_TABLES = new Set(['readings', 'readings_hourly', 'readings_daily', 'controller_status']);

async function explain(db: Db, s: Statement, timing: boolean): Promise<Explained> {
  const options = timing ? 'ANALYZE, BUFFERS, FORMAT JSON' : 'ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON';
  const res = await db.$client.query<{ 'QUERY PLAN': Explained[] }>(
    `EXPLAIN (${options}) ${s.text}`,
    s.params,
  );
  const plan = res.rows[0]?.['QUERY PLAN'][0];
  if (!plan) throw new Error('EXPLAIN answered no plan');
  return plan;
}

/** Whether the subtree of `node` scans one of the readings tables (in a loop that ran). */
const scansReadings = (node: PlanNode) =>
  [...nodesOf(node)].some(
    (n) => READING_TABLES.has(n['Relation Name'] ?? '') && (n['Actual Loops'] ?? 0) > 0,
  );

/**
 * Tables scanned, rows their scans returned, whether a node sorts rows read from a readings table (a sort of
 * a few generated days is no such sort), and the node types (for the report).
 */
function planFacts(plans: Explained[]) {
  const tables = new Set<string>();
  let rowsRead = 0;
  let sorts = false;
  const nodes: string[] = [];
  for (const p of plans)
    for (const n of nodesOf(p.Plan)) {
      const table = n['Relation Name'];
      const loops = n['Actual Loops'] ?? 0;
      nodes.push(
        table ? `${n['Node Type']} on ${table}${loops === 0 ? ' (never run)' : ''}` : n['Node Type'],
      );
      if (n['Node Type'].includes('Sort') && scansReadings(n)) sorts = true;
      if (table && READING_TABLES.has(table) && loops > 0) {
        tables.add(table);
        rowsRead += (n['Actual Rows'] ?? 0) * loops;
      }
    }
  return { tables: [...tables].sort(), rowsRead, sorts, nodes: nodes.join(' > ') };
}

/** Runs `read` RUNS times (after one warm-up) and its statements RUNS times under EXPLAIN ANALYZE. */
async function measure(db: Db, name: string, read: (q: Queryable) => Promise<number>) {
  const { q, statements } = recording(db);
  const points = await read(q);
  const sent = [...statements];
  const readerTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await read(db);
    readerTimes.push(performance.now() - started);
  }
  const dbTimes: number[] = [];
  let last: Explained[] = [];
  for (let i = 0; i < RUNS; i++) {
    last = [];
    for (const s of sent) last.push(await explain(db, s, false));
    dbTimes.push(last.reduce((sum, p) => sum + p['Execution Time'], 0));
  }
  const timed = [];
  for (const s of sent) timed.push(await explain(db, s, true));
  const facts = planFacts(timed);
  return {
    name,
    points,
    dbMs: median(dbTimes),
    readerMs: median(readerTimes),
    ...facts,
    rowsRead: planFacts(last).rowsRead,
  };
}

/**
 * The chart's reads of the 8 weights, each span ending at the end of the seeded data: what GET series reads
 * for a year, for the longest and a typical hourly span and for a week; the hourly span once more from each
 * table (the choice the reader makes, and the other one); and a year forced to each finer resolution (no chart
 * reads these: GET series reads a year daily, the export reads hourly in 60-day windows).
 */
const READS: { name: string; days: number; resolution?: Resolution; hourlySource?: HourlySource }[] = [
  { name: 'year (chart: daily)', days: 365 },
  { name: '83 days (chart: hourly)', days: 83 },
  { name: '30 days (chart: hourly)', days: 30 },
  { name: '30 days from readings', days: 30, hourlySource: 'readings' },
  { name: '30 days from hourly rollup', days: 30, hourlySource: 'readings_hourly' },
  { name: '7 days (chart: raw)', days: 7 },
  { name: 'year, hourly forced', days: 365, resolution: 'hourly' },
  { name: 'year, raw forced', days: 365, resolution: 'raw' },
];

export async function benchRollups(scratch: Scratch, sampling: Sampling): Promise<RollupsBench> {
  const { controllerId } = await seedSampling(scratch.db, sampling.every);
  return measureRollups(scratch.db, controllerId, sampling);
}

/** The figures of one seeded database (exported for runs against a kept database). */
export async function measureRollups(
  db: Db,
  controllerId: number,
  sampling: Sampling,
): Promise<RollupsBench> {
  const before = os.loadavg()[0] ?? 0;
  const tables = {
    raw: await tableFigures(db, 'readings'),
    hourly: await tableFigures(db, 'readings_hourly'),
    daily: await tableFigures(db, 'readings_daily'),
  };
  const channels: ChannelRef[] = Array.from({ length: SCALES }, (_, i) => ({
    key: i,
    controllerId,
    channel: i + 1,
    timeZone: 'Europe/Zurich',
  }));
  const reads: ReadFigure[] = [];
  for (const r of READS) {
    const from = new Date(END - r.days * DAY_MS);
    const to = new Date(END);
    let resolution: Resolution = 'raw';
    const figure = await measure(db, r.name, async (q) => {
      const read = await readChannelColumns(q, {
        channels,
        fields: ['weight'],
        from,
        to,
        ...(r.resolution ? { resolution: r.resolution } : {}),
        ...(r.hourlySource ? { hourlySource: r.hourlySource } : {}),
      });
      resolution = read.resolution;
      return [...read.columns.values()].reduce((n, c) => n + c.t.length, 0);
    });
    reads.push({ ...figure, resolution });
  }
  const plans = await readerPlans(db, controllerId);
  return { sampling, tables, reads, plans, load: [before, os.loadavg()[0] ?? 0] };
}

/** The plan of every other reader of modules/measurements (forwardings, alarms, dashboard, heat map, status). */
async function readerPlans(db: Db, controllerId: number): Promise<PlanFigure[]> {
  const tz = 'Europe/Zurich';
  const weekFrom = new Date(END - 7 * DAY_MS);
  const to = new Date(END);
  const windows = Array.from({ length: SCALES }, (_, i) => ({
    id: i,
    controllerId,
    channel: i + 1,
    from: new Date(SEED_FROM),
    to: null,
  }));
  const span = { controllerId, timeZone: tz, to };
  const readers: [string, (q: Queryable) => Promise<unknown>][] = [
    ['currentValues (dashboard)', (q) => currentValues(q, windows)],
    ['midnightWeights (dashboard)', (q) => midnightWeights(q, windows, tz, new Date(END - 3_600_000))],
    ['weightSamples, 7 days (alarms)', (q) => weightSamples(q, windows, weekFrom, to, GRID_MS)],
    [
      'newReportTimes, 7 days (forwarding)',
      (q) =>
        newReportTimes(
          q,
          windows.map((w) => ({ key: w.id, controllerId, channel: w.channel, from: weekFrom, to })),
          500,
        ),
    ],
    [
      'readingsOfChannel, newest (forwarding)',
      (q) => readingsOfChannel(q, { controllerId, channel: 1, from: weekFrom, to, limit: 100, newest: true }),
    ],
    [
      'lastWeights daily, a year (analysis)',
      (q) =>
        lastWeights(q, {
          ...span,
          channel: 1,
          fromDay: '2025-01-01',
          toDay: '2025-12-31',
          resolution: 'daily',
        }),
    ],
    [
      'lastWeights hourly, a year (heat map)',
      (q) =>
        lastWeights(q, {
          ...span,
          channel: 1,
          fromDay: '2025-01-01',
          toDay: '2025-12-31',
          resolution: 'hourly',
        }),
    ],
    ['readRange raw, 7 days', (q) => readRange(q, { ...span, from: weekFrom })],
    [
      'readRange hourly, 30 days',
      (q) => readRange(q, { ...span, from: new Date(END - 30 * DAY_MS), resolution: 'hourly' }),
    ],
    ['readRange daily, a year', (q) => readRange(q, { ...span, from: new Date(END - 365 * DAY_MS) })],
    ['readStatusRange raw, 7 days', (q) => readStatusRange(q, { ...span, from: weekFrom })],
    [
      'readStatusRange hourly, 30 days',
      (q) => readStatusRange(q, { ...span, from: new Date(END - 30 * DAY_MS) }),
    ],
    [
      'readStatusRange daily, a year',
      (q) => readStatusRange(q, { ...span, from: new Date(END - 365 * DAY_MS) }),
    ],
  ];
  const figures: PlanFigure[] = [];
  for (const [name, read] of readers) {
    const { q, statements } = recording(db);
    await read(q);
    const plans: Explained[] = [];
    for (const s of statements) plans.push(await explain(db, s, true));
    const times: number[] = [];
    for (let i = 0; i < PLAN_RUNS; i++) {
      let sum = 0;
      for (const s of statements) sum += (await explain(db, s, false))['Execution Time'];
      times.push(sum);
    }
    const facts = planFacts(plans);
    figures.push({ name, nodes: facts.nodes, sorts: facts.sorts, dbMs: median(times) });
  }
  return figures;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

/** Issue 14: every year read of the chart ≤ 15 ms in the database. */
export const YEAR_DB_BUDGET_MS = 15;

export function rollupsVerdict(results: RollupsBench[]): string {
  const out: string[] = [];
  for (const b of results) {
    const { raw, hourly, daily } = b.tables;
    out.push(
      `\nRollups: 1 controller × ${SCALES} scales × 2 years of ${b.sampling.label} readings (embedded PG), load ${b.load[0].toFixed(1)} → ${b.load[1].toFixed(1)}`,
      `  readings ${raw.rows.toLocaleString('en')} rows ${mb(raw.bytes)}; readings_hourly ${hourly.rows.toLocaleString('en')} rows ${mb(hourly.bytes)} (${(hourly.rows / raw.rows).toFixed(2)}× the rows, ${(hourly.bytes / raw.bytes).toFixed(2)}× the size); readings_daily ${daily.rows.toLocaleString('en')} rows ${mb(daily.bytes)}`,
      `  | ${pad('read of 8 weights', 26)} | ${pad('resolution', 10)} | ${pad('tables', 28)} | ${lpad('rows read', 9)} | ${lpad('points', 7)} | ${lpad('DB ms', 6)} | ${lpad('reader ms', 9)} | sort |`,
    );
    for (const r of b.reads)
      out.push(
        `  | ${pad(r.name, 26)} | ${pad(r.resolution, 10)} | ${pad(r.tables.join(', '), 28)} | ${lpad(r.rowsRead.toLocaleString('en'), 9)} | ${lpad(r.points.toLocaleString('en'), 7)} | ${lpad(r.dbMs.toFixed(1), 6)} | ${lpad(r.readerMs.toFixed(1), 9)} | ${r.sorts ? 'SORT' : 'no  '} |`,
      );
    const year = b.reads.find((r) => r.name.startsWith('year (chart'));
    if (year)
      out.push(
        `  the chart's year read: ${year.dbMs.toFixed(1)} ms in the database (aim ≤ ${YEAR_DB_BUDGET_MS}: ${year.dbMs <= YEAR_DB_BUDGET_MS ? 'met' : 'NOT met'})`,
      );
    out.push('  other readers of modules/measurements (plan, DB ms):');
    for (const p of b.plans)
      out.push(
        `    ${p.sorts ? 'SORT' : 'ok  '} ${pad(p.name, 40)} ${lpad(p.dbMs.toFixed(1), 6)} ms  ${p.nodes}`,
      );
  }
  return out.join('\n');
}
