import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_DIRECT_MAX_ROWS,
  exportRequestSchema,
  jobCreateResponseSchema,
  jobPageSchema,
} from '@hivescope/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { registerJob } from '../../background-jobs/job';
import { bossQueue } from '../../background-jobs/queue';
import { createTestDatabase } from '../../../test/db';
import { createCast } from '../../../test/users';
import { seedController, seedReadings, seedScale } from '../controllers/controllers.fixtures';
import { createDb } from '../../db/client';
import { exportFileStream, removeExpiredExports } from './export.files';
import { exportJob, runExport } from './export.job';
import { estimateRows, planExport } from './export.plan';

/**
 * A large export end to end (docs/export.md): POST export queues an EXPORT job on a real pg-boss, the job
 * writes the file into PostgreSQL with progress, its owner (only) downloads it through any app server, and
 * the cleanup removes it after 24 h (a later clock passed to the cleanup).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let boss: PgBoss;
let app: Awaited<ReturnType<typeof buildApp>>;
let stop: () => Promise<void>;
let cast: Awaited<ReturnType<typeof createCast>>;
let hive: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-export-job-'));
const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', DATA_DIR: dataDir });
/** Two years of raw readings: more rows than a direct download allows. */
const large = () => ({
  scales: [hive],
  series: ['weight'],
  from: '2023-01-01',
  to: '2024-12-31',
  resolution: 'raw',
  format: 'csv',
  timeZone: 'utc',
});

beforeAll(async () => {
  database = await createTestDatabase();
  boss = new PgBoss({ connectionString: database.url, max: 3 });
  boss.on('error', () => {});
  await boss.start();
  const ctx = { config, db: database.db };
  stop = await registerJob(boss, exportJob(ctx), { error: () => {} }, { pollSeconds: 0.5 });
  app = await buildApp({ ...ctx, queue: bossQueue(boss) }, { logger: false });
  await app.ready();
  cast = await createCast(database.db);
  const c = await seedController(database.db, { ownerId: cast.owner.id });
  hive = await seedScale(database.db, c.id, 1, { name: 'Volk 1' });
  // a reading every 15 minutes on the first day of each month
  const rows = [];
  for (let m = 0; m < 24; m++) {
    const day = Date.UTC(2023, m, 1);
    for (let q = 0; q < 96; q++)
      rows.push({ time: new Date(day + q * 900_000).toISOString(), weight: 30 + m });
  }
  await seedReadings(database.db, c.id, 1, rows);
}, 60_000);

afterAll(async () => {
  await app.close();
  await stop();
  await boss.stop({ graceful: false, wait: true });
  await database.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function waitForJob(id: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/jobs?id=${id}`, headers: cast.owner.headers });
    const job = jobPageSchema.parse(res.json()).items.find((j) => j.id === id);
    if (job && (job.status === 'done' || job.status === 'failed')) return job;
    if (Date.now() > until) throw new Error(`export job ${id} stuck: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a large export', () => {
  it('reports progress window by window up to the end', async () => {
    const auth = {
      ...cast.owner,
      userId: cast.owner.id,
      admin: false,
      manager: false,
      role: 3,
      affiliationId: null,
    };
    const plan = await planExport(
      { config, db: database.db },
      { ...auth, sessionId: 's', locale: 'en' },
      exportRequestSchema.parse(large()),
      'en',
    );
    expect(estimateRows(plan)).toBeGreaterThan(EXPORT_DIRECT_MAX_ROWS);
    const seen: number[] = [];
    const jobId = crypto.randomUUID();
    await runExport(
      { config, db: database.db },
      {
        jobId,
        query: plan.query,
        locale: 'en',
        auth: { userId: cast.owner.id, admin: false, manager: false, role: 3, affiliationId: null },
      },
      async (pct) => void seen.push(pct),
    );
    expect(seen.length).toBeGreaterThan(50); // two years in one-week windows
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBeCloseTo(99);
    const stored = await exportFileStream(database.db, jobId);
    const text = Buffer.concat(await stored!.stream.toArray()).toString('utf8');
    expect(text.trim().split('\n')).toHaveLength(1 + 24 * 96);
    expect(Buffer.byteLength(text)).toBe(stored!.size);
  });

  it('stores an XLSX job file whole: exceljs reads back every row from the database', async () => {
    const jobId = crypto.randomUUID();
    const query = exportRequestSchema.parse({ ...large(), format: 'xlsx' });
    const auth = { userId: cast.owner.id, admin: false, manager: false, role: 3, affiliationId: null };
    await runExport({ config, db: database.db }, { jobId, query, locale: 'en', auth }, async () => {});
    const stored = await exportFileStream(database.db, jobId);
    const bytes = Buffer.concat(await stored!.stream.toArray());
    expect(bytes.length).toBe(stored!.size);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(1 + 24 * 96);
  });

  it('runs as an EXPORT job whose file only its owner downloads, removed after 24 h', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/export',
      payload: large(),
      headers: { ...cast.owner.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(202);
    const { job } = jobCreateResponseSchema.parse(res.json());
    expect(job).toMatchObject({ type: 'EXPORT', status: 'queued', ownerId: cast.owner.id });
    expect(job.description).toContain('Volk 1 · 2023-01-01 – 2024-12-31');

    const done = await waitForJob(job.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });

    const url = `/api/export/files/${job.id}`;
    const file = await app.inject({ method: 'GET', url, headers: cast.owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('hivescope_Volk-1_2023-01-01_2024-12-31.csv');
    const lines = file.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Time (UTC),Volk 1 – Weight (kg)');
    expect(lines[1]).toBe('2023-01-01 00:00:00,30');
    expect(lines).toHaveLength(1 + 24 * 96);
    for (const who of [cast.other, cast.admin, cast.watcher])
      expect((await app.inject({ method: 'GET', url, headers: who.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);

    // an hour later the file stays; 24 h after it was written the cleanup removes it
    expect(await removeExpiredExports(database.db, new Date(Date.now() + 3600_000))).toEqual([]);
    expect(await exportFileStream(database.db, job.id)).not.toBeNull();
    expect(await removeExpiredExports(database.db, new Date(Date.now() + 24 * 3600_000 + 1000))).toContain(
      job.id,
    );
    expect(await exportFileStream(database.db, job.id)).toBeNull();
    const gone = await app.inject({
      method: 'GET',
      url,
      headers: { ...cast.owner.headers, 'accept-language': 'en' },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      message: 'The export file has expired or does not exist; please export again',
    });
  }, 60_000);

  it('downloads the same file through a second app server with its own DATA_DIR and pool (docs/operations.md)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/export',
      payload: large(),
      headers: cast.owner.headers,
    });
    const { job } = jobCreateResponseSchema.parse(res.json());
    expect((await waitForJob(job.id)).status).toBe('done');
    const url = `/api/export/files/${job.id}`;
    const onA = await app.inject({ method: 'GET', url, headers: cast.owner.headers });
    expect(onA.statusCode).toBe(200);

    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-export-job-b-'));
    const otherDb = createDb(database.url, 2);
    const b = await buildApp(
      { config: { ...config, dataDir: otherDir }, db: otherDb, queue: bossQueue(boss) },
      { logger: false },
    );
    try {
      await b.ready();
      const onB = await b.inject({
        method: 'GET',
        url,
        headers: { ...cast.owner.headers, 'accept-encoding': 'gzip' },
      });
      expect(onB.statusCode).toBe(200);
      expect(onB.headers['content-encoding']).toBe('gzip');
      const { gunzipSync } = await import('node:zlib');
      expect(gunzipSync(onB.rawPayload).toString('utf8')).toBe(onA.body);
      expect(onA.body.trim().split('\n')).toHaveLength(1 + 24 * 96);
      const stranger = await b.inject({ method: 'GET', url, headers: cast.other.headers });
      expect(stranger.statusCode).toBe(404);
    } finally {
      await b.close();
      await otherDb.$client.end();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  }, 60_000);
});
