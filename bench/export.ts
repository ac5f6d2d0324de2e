import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  EXPORT_DIRECT_MAX_ROWS,
  exportRequestSchema,
  jobCreateResponseSchema,
  jobPageSchema,
  type ExportRequest,
} from '@hivescope/contract';
import { loadConfig } from '../apps/server/src/config';
import { runExport } from '../apps/server/src/modules/export/export.job';
import { median } from './lib/load';
import { sampleRss, type RssSample } from './lib/memory';
import type { Scratch } from './lib/postgres';
import { startApp, type Server } from './lib/processes';
import { createBeekeeper, login, seedHistory } from './lib/seed';

/**
 * Export benchmark (issue 8, `BENCH_ONLY=export`): 8 scales × 1 year of 15-minute weights to CSV through the
 * real server (POST /api/export), timed from the request until the whole file is downloaded, while the
 * server process's RSS is sampled. Two layouts of the same 8 scales:
 * - 1 controller × 8 scales: 35,040 rows estimated, under EXPORT_DIRECT_MAX_ROWS, so the file streams in
 *   the answer;
 * - 8 controllers × 1 scale: estimated as 8 × 35,040 rows, so it runs as an EXPORT job (pg-boss); timed
 *   until the job is done (polling GET /api/jobs every 100 ms) and its file downloaded.
 * Each layout: one warm-up export of a month, then BENCH_EXPORT_RUNS (default 3) measured exports.
 * The server collects garbage when V8 sees fit, so its RSS also shows garbage not yet collected; to tell that
 * from memory kept, the EXPORT job's body (runExport) also runs in this process with a forced GC after each
 * export: the heap that remains must not grow from export to export.
 */

const EMAIL = 'export-bench@hivescope.local';
/** Readings from a day before to a day after the exported local year, so every local row has values. */
const SEED_FROM = '2024-12-31T00:00:00Z';
const SEED_TO = '2026-01-02T00:00:00Z';
const YEAR = { from: '2025-01-01', to: '2025-12-31' };
/** 365 local days of 96 quarter hours (the spring and autumn DST hours cancel out). */
const ROWS = 365 * 96;
const SCALES = 8;
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
export const EXPORT_BUDGET_MS = 5000;

type Layout = { name: string; controllers: number; scalesPerController: number; job: boolean };
const LAYOUTS: Layout[] = [
  { name: '1 controller × 8 scales (direct download)', controllers: 1, scalesPerController: 8, job: false },
  { name: '8 controllers × 1 scale (EXPORT job)', controllers: 8, scalesPerController: 1, job: true },
];

export type ExportRun = { ms: number; bytes: number; rows: number; memory: RssSample; job: boolean };
export type ExportLayoutResult = {
  layout: Layout;
  seeded: number;
  runs: ExportRun[];
  /** the heap after a forced GC, before the first in-process export and after each */
  heapAfterGc: number[];
};

/** What a browser accepts (Chromium also sends zstd, which the server does not offer): the server compresses. */
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };

/** Reads a download to its end, counting bytes and lines; keeps the header and the last line. */
async function drain(res: Response) {
  if (!res.ok || !res.body) throw new Error(`download answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let bytes = 0;
  let lines = 0;
  let head = '';
  let tail = '';
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    const text = decoder.decode(chunk, { stream: true });
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
    if (head.length < 2000) head += text.slice(0, 2000);
    tail = (tail + text).slice(-2000);
  }
  const last = tail.trimEnd().split('\n').at(-1) ?? '';
  return { bytes, lines, header: head.split('\n')[0] ?? '', last };
}

async function waitForJob(app: Server, cookie: string, id: string) {
  const until = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${app.url}/api/jobs?id=${id}`, { headers: { cookie } });
    const job = jobPageSchema.parse(await res.json()).items.find((j) => j.id === id);
    if (job?.status === 'done') return;
    if (job?.status === 'failed') throw new Error(`export job failed: ${job.error ?? '?'}`);
    if (Date.now() > until) throw new Error(`export job ${id} not done after 120 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One export from the request to the last byte of the file, with the server's RSS sampled meanwhile. */
async function exportOnce(app: Server, cookie: string, body: ExportRequest) {
  const memory = sampleRss(app.pid);
  const started = performance.now();
  try {
    const res = await fetch(`${app.url}/api/export`, {
      method: 'POST',
      headers: { cookie, ...ACCEPT, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(body),
    });
    let file = res;
    if (res.status === 202) {
      const { job } = jobCreateResponseSchema.parse(await res.json());
      await waitForJob(app, cookie, job.id);
      file = await fetch(`${app.url}/api/export/files/${job.id}`, { headers: { cookie, ...ACCEPT } });
    }
    const download = await drain(file);
    return { ms: performance.now() - started, job: res.status === 202, memory: memory.stop(), ...download };
  } catch (err) {
    memory.stop();
    throw err;
  }
}

/** runExport (the EXPORT job's body) in this process RUNS times; the heap after a forced GC around each. */
async function heapAfterExports(scratch: Scratch, userId: number, query: ExportRequest, dataDir: string) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const ctx = { db: scratch.db, config: loadConfig({ DEMO: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir }) };
  const auth = { userId, admin: false, manager: false, role: 10, affiliationId: null };
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const heaps = [heap()];
  for (let i = 0; i < RUNS; i++) {
    const payload = {
      jobId: crypto.randomUUID(),
      query: exportRequestSchema.parse(query),
      locale: 'en' as const,
      auth,
    };
    await runExport(ctx, payload, async () => {});
    heaps.push(heap());
  }
  return heaps;
}

async function benchLayout(scratch: Scratch, ownerId: number, layout: Layout): Promise<ExportLayoutResult> {
  const seeded = await seedHistory(scratch.db, {
    ownerId,
    name: `Export ${layout.controllers}`,
    controllers: layout.controllers,
    scalesPerController: layout.scalesPerController,
    from: SEED_FROM,
    to: SEED_TO,
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-export-bench-'));
  const app = await startApp(scratch.url, { DATA_DIR: dataDir });
  try {
    const cookie = await login(app.url, EMAIL);
    const request = (from: string, to: string): ExportRequest => ({
      scales: seeded.scaleIds,
      series: ['weight'],
      from,
      to,
      resolution: 'raw',
      format: 'csv',
      timeZone: 'local',
    });
    await exportOnce(app, cookie, request('2025-06-01', '2025-06-30'));
    const runs: ExportRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await exportOnce(app, cookie, request(YEAR.from, YEAR.to));
      const cells = run.last.split(',').filter((c) => c !== '');
      if (run.lines !== 1 + ROWS || cells.length !== 1 + SCALES || run.job !== layout.job)
        throw new Error(
          `export of ${layout.name}: ${run.lines} lines, last row ${run.last}, ${run.job ? 'job' : 'direct'}`,
        );
      runs.push({ ms: run.ms, bytes: run.bytes, rows: run.lines - 1, memory: run.memory, job: run.job });
    }
    const heapAfterGc = await heapAfterExports(scratch, ownerId, request(YEAR.from, YEAR.to), dataDir);
    return { layout, seeded: seeded.rows, runs, heapAfterGc };
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchExport(scratch: Scratch): Promise<ExportLayoutResult[]> {
  const ownerId = await createBeekeeper(scratch.db, EMAIL);
  const results: ExportLayoutResult[] = [];
  for (const layout of LAYOUTS) results.push(await benchLayout(scratch, ownerId, layout));
  return results;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function exportVerdict(results: ExportLayoutResult[]): string {
  const lines = [
    `\nExport: 8 scales × 1 year of 15-minute weights to CSV (raw, local time, embedded PG), ${ROWS.toLocaleString('en')} rows; direct up to ${EXPORT_DIRECT_MAX_ROWS.toLocaleString('en')} estimated rows`,
  ];
  for (const { layout, seeded, runs, heapAfterGc } of results) {
    const ms = median(runs.map((r) => r.ms));
    const growth = runs.map((r) => r.memory.peak - r.memory.start);
    lines.push(
      `  ${layout.name} (${seeded.toLocaleString('en')} readings seeded), file ${mb(runs[0]?.bytes ?? 0)} MB:`,
      `    request → file downloaded: ${runs.map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(', ')} (median ${(ms / 1000).toFixed(2)} s; aim ≤ ${EXPORT_BUDGET_MS / 1000} s: ${ms <= EXPORT_BUDGET_MS ? 'met' : 'NOT met'})`,
      `    server RSS: start ${runs.map((r) => mb(r.memory.start)).join(', ')} MB; peak − start ${growth.map(mb).join(', ')} MB; end − start ${runs.map((r) => mb(r.memory.end - r.memory.start)).join(', ')} MB`,
      `    the export job in the bench process, heap after a forced GC: ${heapAfterGc.map(mb).join(' → ')} MB`,
    );
  }
  return lines.join('\n');
}
