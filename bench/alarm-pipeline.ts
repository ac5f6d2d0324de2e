import { sql } from 'drizzle-orm';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp';
import type { Db } from '../apps/server/src/db/client';
import { ingestRequests, seedDevices } from './ingest';
import { load, warmUp, type LoadResult } from './lib/load';
import type { Scratch } from './lib/postgres';
import { cpuMeter, type CpuSplit } from './lib/cpu';
import { startApp } from './lib/processes';
import { createBeekeeper } from './lib/seed';

/**
 * The alarm pipeline under the ingest load (bench/README.md "Alarms"): ingest throughput with the alarm
 * workers on against the same run with them off (ALARM_WORKERS=0), and the time from a report's
 * acknowledgement to the alarm mail accepted by SMTP, for reports that remove a hive while the load runs.
 */

const PROBES = 20;
const PROBE_EVERY_MS = 400;
const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;

type Probe = { controllerId: number; token: string; imsi: string; imei: string; email: string };

/** The 200 ingest controllers get an owner with a confirmed mail channel and 7 active weight scales each. */
async function ownIngestControllers(db: Db) {
  const owner = await createBeekeeper(db, 'bench-fleet@hivescope.test');
  await db.execute(sql`UPDATE controllers SET owner_id = ${owner} WHERE owner_id IS NULL`);
  await db.execute(sql`
    INSERT INTO scales (controller_id, channel, name, setup_at)
    SELECT c.id, ch, 'Volk ' || ch, '2019-12-01' FROM controllers c, generate_series(1, 7) ch
    WHERE c.owner_id = ${owner}`);
  await db.execute(sql`
    INSERT INTO notification_channels (user_id, type, address, status)
    VALUES (${owner}, 'email', 'bench-fleet@hivescope.test', 'active')`);
}

/** A controller with its own owner (mail channel), one scale and 8 days of quarter-hourly 40 kg readings. */
async function seedProbe(db: Db, i: number, now: number): Promise<Probe> {
  const email = `bench-probe-${i}@hivescope.test`;
  const owner = await createBeekeeper(db, email);
  const token = `bench-probe-token-${i}`;
  const imsi = `22898${String(i).padStart(10, '0')}`;
  const imei = `35693804${String(i).padStart(7, '0')}`;
  const res = await db.execute<{ id: number }>(sql`
    INSERT INTO controllers (name, imsi, imei, subscription_end, device_token_hash, owner_id)
    VALUES (${`Probe ${i}`}, ${imsi}, ${imei}, now() + interval '1 year', encode(sha256(${token}::bytea), 'hex'), ${owner})
    RETURNING id`);
  const id = res.rows[0]?.id;
  if (id === undefined) throw new Error('probe controller not created');
  const start = new Date(now - 8 * 24 * HOUR).toISOString();
  await db.execute(
    sql`INSERT INTO scales (controller_id, channel, name, setup_at) VALUES (${id}, 1, 'Probe', ${start})`,
  );
  await db.execute(sql`
    INSERT INTO readings (controller_id, channel, time, weight)
    SELECT ${id}, 1, t, 40 + 0.02 * sin(extract(epoch FROM t) / 3600.0)
    FROM generate_series(${start}::timestamptz, ${new Date(now - 2 * HOUR).toISOString()}::timestamptz, interval '15 minutes') t`);
  await db.execute(sql`
    INSERT INTO notification_channels (user_id, type, address, status) VALUES (${owner}, 'email', ${email}, 'active')`);
  return { controllerId: id, token, imsi, imei, email };
}

/** The report that tells of the removal: two normal readings, then six at almost nothing, up to now. */
function removalReport(p: Probe, now: number) {
  const readings = Array.from({ length: 8 }, (_, j) => ({
    time: new Date(now - (7 - j) * QUARTER).toISOString(),
    channels: [{ channel: 1, weight: j < 2 ? 40 : 0.3 }],
  }));
  return {
    imsi: p.imsi,
    imei: p.imei,
    firmware: '1.4.2',
    status: { temperature: 12, voltage: 3.9, signal: -70 },
    readings,
  };
}

async function probe(url: string, smtp: TestSmtp, p: Probe): Promise<number | null> {
  const now = Math.floor(Date.now() / QUARTER) * QUARTER;
  const res = await fetch(`${url}/api/device/v1/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
    body: JSON.stringify(removalReport(p, now)),
  });
  if (!res.ok) throw new Error(`probe report: ${res.status} ${await res.text()}`);
  const acked = Date.now();
  try {
    await smtp.waitFor((m) => m.to.includes(p.email), 60_000);
    return Date.now() - acked;
  } catch {
    return null;
  }
}

export type AlarmPipelineOutcome = {
  /** Both runs of each kind, in the order off, on, on, off. */
  off: LoadResult[];
  on: LoadResult[];
  /** The CPU each kind's runs spent while loaded, per process group (bench/lib/cpu.ts). */
  offCpu: CpuSplit[];
  onCpu: CpuSplit[];
  latencies: number[];
  missed: number;
  /** Detection runs (alarm-detect jobs completed) during the two "on" runs: the fleet was analysed. */
  detectRuns: number;
};

/** alarm-detect jobs completed so far (pg-boss keeps them for hours): how many detection runs there were. */
async function detectJobsDone(db: Db): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'alarm-detect' AND state = 'completed'`,
  );
  return res.rows[0]?.n ?? 0;
}

/**
 * Every run starts from the same state of the database: the writes of the run before vacuumed, analysed and
 * checkpointed. Without it a checkpoint or an autovacuum of the growing tables fell into some runs and not
 * others, and the same load gave 860 to 1,350 req/s within one bench (bench/README.md "Alarm pipeline").
 */
async function settle(db: Db) {
  await db.execute(
    sql`VACUUM (ANALYZE) readings, readings_hourly, readings_daily, controller_status, controllers, alarm_dirty`,
  );
  await db.execute(sql`CHECKPOINT`);
}

/**
 * One run; `counter` goes on from the run before, so every report of every run brings new readings (a report
 * repeating stored ones marks nothing for the detectors and inserts nothing, which would flatter a later run).
 */
async function ingestRun(
  scratch: Scratch,
  workers: boolean,
  smtp: TestSmtp,
  probes: Probe[],
  counter: { n: number },
) {
  await settle(scratch.db);
  const app = await startApp(scratch.url, { ALARM_WORKERS: workers ? '1' : '0', SMTP_URL: smtp.url });
  try {
    await warmUp({ url: app.url, requests: ingestRequests(counter) });
    const pending: Promise<number | null>[] = [];
    const timer = setInterval(() => {
      const p = probes[pending.length];
      if (p) pending.push(probe(app.url, smtp, p));
    }, PROBE_EVERY_MS);
    const cpu = cpuMeter(app.pid);
    const result = await load(`POST device/v1/report, 32 values, alarm workers ${workers ? 'on' : 'off'}`, {
      url: app.url,
      requests: ingestRequests(counter),
    });
    const spent = cpu.stop();
    clearInterval(timer);
    return { result, cpu: spent, latencies: await Promise.all(pending) };
  } finally {
    await app.stop();
  }
}

/**
 * Off, on, on, off on the same seeded database: each run writes new readings, so the tables grow from run to
 * run, and this order gives both kinds the same mean size (off then on alone made "on" pay for the growth).
 * Each "on" run gets half the probes; marks an "off" run leaves would be another instance's work, so an
 * "on" run after one starts without them.
 */
export async function benchAlarmPipeline(scratch: Scratch): Promise<AlarmPipelineOutcome> {
  await seedDevices(scratch.db);
  await ownIngestControllers(scratch.db);
  const now = Date.now();
  const probes: Probe[] = [];
  for (let i = 0; i < PROBES; i++) probes.push(await seedProbe(scratch.db, i, now));
  const smtp = await startSmtp();
  try {
    const counter = { n: 0 };
    const half = PROBES / 2;
    const off1 = await ingestRun(scratch, false, smtp, [], counter);
    await scratch.db.execute(sql`DELETE FROM alarm_dirty`);
    const on1 = await ingestRun(scratch, true, smtp, probes.slice(0, half), counter);
    const on2 = await ingestRun(scratch, true, smtp, probes.slice(half), counter);
    const detectRuns = await detectJobsDone(scratch.db);
    const off2 = await ingestRun(scratch, false, smtp, [], counter);
    const all = [...on1.latencies, ...on2.latencies];
    const got = all.filter((l): l is number => l !== null);
    return {
      off: [off1.result, off2.result],
      on: [on1.result, on2.result],
      offCpu: [off1.cpu, off2.cpu],
      onCpu: [on1.cpu, on2.cpu],
      latencies: got,
      missed: all.length - got.length,
      detectRuns,
    };
  } finally {
    await smtp.close();
  }
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};

export function alarmPipelineVerdict(o: AlarmPipelineOutcome): string {
  const sum = (rs: LoadResult[]) => rs.reduce((a, r) => a + r.rps, 0);
  const ratio = sum(o.on) / sum(o.off);
  const p50 = percentile(o.latencies, 0.5);
  const p95 = percentile(o.latencies, 0.95);
  const runs = (rs: LoadResult[]) => rs.map((r) => r.rps.toFixed(0)).join(' + ');
  // CPU ms per acknowledged report in each process group: less noisy than req/s, and it names the process
  const perReport = (cpus: CpuSplit[], rs: LoadResult[], k: keyof CpuSplit) =>
    cpus.reduce((a, c) => a + c[k], 0) /
    Math.max(
      1,
      rs.reduce((a, r) => a + r.ok, 0),
    );
  const cpuLine = (k: keyof CpuSplit) =>
    `${k} ${perReport(o.offCpu, o.off, k).toFixed(2)} → ${perReport(o.onCpu, o.on, k).toFixed(2)}`;
  return [
    `  ingest with alarm workers on / off (runs off, on, on, off): ${runs(o.on)} / ${runs(o.off)} req/s = ${ratio.toFixed(2)} (aim ≥ 0.90: ${ratio >= 0.9 ? 'met' : 'NOT met'})`,
    `  CPU ms per report, off → on: ${(['server', 'postgres', 'bench'] as const).map(cpuLine).join(', ')}; detection runs in the "on" runs: ${o.detectRuns}`,
    `  report acknowledged → alarm mail accepted by SMTP, ${o.latencies.length} probes under load: p50 ${p50} ms, p95 ${p95} ms, max ${Math.max(...o.latencies)} ms (aim p95 ≤ 10,000: ${o.latencies.length > 0 && o.missed === 0 && p95 <= 10_000 ? 'met' : 'NOT met'}); missed: ${o.missed}`,
  ].join('\n');
}
