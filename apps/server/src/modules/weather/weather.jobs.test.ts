import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobCreateResponseSchema, jobPageSchema, type Job } from '@hivescope/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { controllers, jobs, weatherHourly } from '../../db/schema';
import { bossQueue } from '../../background-jobs/queue';
import { createTestDatabase } from '../../../test/db';
import { createCast } from '../../../test/users';
import { seedController } from '../controllers/controllers.fixtures';
import { cellOf } from './grid';
import { startFakeOpenMeteo, type FakeOpenMeteo } from './open-meteo.fake';
import { openMeteoProvider } from './open-meteo';
import { countWeatherHours, readWeather } from './weather.repository';
import { registerWeatherJobs } from './weather.startup';
import { WEATHER_NIGHTLY_JOB, WEATHER_UPDATE_JOB, nightlyDays } from './weather.service';
import { WEATHER_RETRY } from './weather.retry';

/**
 * Weather jobs end to end: the real app and a real pg-boss on the test database, workers polling every
 * 0.5 s with retries after 1 s, and a local fake speaking Open-Meteo's API (docs/weather.md).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let boss: PgBoss;
let fake: FakeOpenMeteo;
let app: Awaited<ReturnType<typeof buildApp>>;
let stopJobs: () => Promise<void>;
let cast: Awaited<ReturnType<typeof createCast>>;

const BERN = { lat: 46.9481, lng: 7.4474 };
const BERN_NEARBY = { lat: 46.9512, lng: 7.4391 }; // ~700 m away: same 0.05° cell
const ZURICH = { lat: 47.3769, lng: 8.5417 };

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOpenMeteo();
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', WEATHER_URL: fake.url });
  boss = new PgBoss({ connectionString: database.url, max: 3 });
  boss.on('error', () => {});
  await boss.start();
  stopJobs = await registerWeatherJobs({
    config,
    db: database.db,
    boss,
    log: { error: () => {} },
    provider: openMeteoProvider({ baseUrl: fake.url, timeoutMs: 5000 }),
    options: { retry: { limit: 1, delaySeconds: 1, backoff: false }, pollSeconds: 0.5 },
  });
  app = await buildApp({ config, db: database.db, queue: bossQueue(boss) }, { logger: false });
  await app.ready();
  cast = await createCast(database.db);
}, 60_000);

afterAll(async () => {
  await app.close();
  await stopJobs();
  await boss.stop({ graceful: false, wait: true });
  await fake.close();
  await database.dispose();
});

async function jobRow(id: string) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Polls the job's row until `done(row)` (max 20 s); returns every distinct state seen on the way. */
async function watch(id: string, done: (row: NonNullable<Awaited<ReturnType<typeof jobRow>>>) => boolean) {
  const seen: string[] = [];
  const until = Date.now() + 20_000;
  for (;;) {
    const row = await jobRow(id);
    if (row) {
      const state = `${row.status}:${row.attempts}:${row.error ?? ''}:${row.progress}`;
      if (seen.at(-1) !== state) seen.push(state);
      if (done(row)) return { row, seen };
    }
    if (Date.now() > until) throw new Error(`job ${id} stuck: ${seen.join(' → ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const post = (payload: object, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/jobs', payload, headers });

describe('nightly weather', () => {
  it('fetches the last days once per grid cell and stores every series; the run is a visible job', async () => {
    await seedController(database.db, { ownerId: cast.owner.id, location: BERN });
    await seedController(database.db, { ownerId: cast.other.id, location: BERN_NEARBY });
    await seedController(database.db, { ownerId: cast.owner.id, location: ZURICH });
    await seedController(database.db, { ownerId: cast.owner.id }); // no location: no fetch
    const before = fake.requests.length;
    // the job reads the clock itself, between these two reads: if UTC midnight falls in between, it may
    // have seen either day, so either day's range is right (each exact)
    const daysBefore = nightlyDays({});
    const id = await boss.send(WEATHER_NIGHTLY_JOB, {});
    if (!id) throw new Error('not queued');
    const { row } = await watch(id, (r) => r.status === 'done' || r.status === 'failed');
    const daysAfter = nightlyDays({});
    expect(row).toMatchObject({ type: 'WEATHER_NIGHTLY', status: 'done', progress: 100, ownerId: null });
    const calls = fake.requests.slice(before);
    // Two cells (Bern shared by two controllers, Zurich), one call each, all with the forecast API.
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => `${c.lat},${c.lng}`))).toEqual(
      new Set([cellOf(BERN.lat, BERN.lng), cellOf(ZURICH.lat, ZURICH.lng)].map((c) => `${c.lat},${c.lng}`)),
    );
    const days = calls[0]?.from === daysAfter.from ? daysAfter : daysBefore;
    expect(calls[0]).toMatchObject({ path: '/v1/forecast', from: days.from, to: days.to });
    const cell = cellOf(BERN.lat, BERN.lng).key;
    expect(await countWeatherHours(database.db, cell)).toBe(72);
    const [first] = await readWeather(database.db, cell, new Date(`${days.from}T00:00:00Z`), new Date());
    expect(first).toMatchObject({ source: 'openMeteo', visibility: 24140, pressure: expect.any(Number) });
    expect(first?.temperature).toBeCloseTo(7.8, 4); // the fake's value at 00:00 UTC
    const admin = jobPageSchema.parse(
      (await app.inject({ url: '/api/admin/jobs', headers: cast.admin.headers })).json(),
    ).items;
    const job = admin.find((j) => j.id === id);
    expect(job?.status).toBe('done');
    // named when the run starts, a clock read apart from the fetch's: either day's range, exactly
    expect([daysBefore, daysAfter].map((d) => `${d.from} – ${d.to}`)).toContain(job?.description);
  });
});

describe('WEATHER_UPDATE', () => {
  it('started by an admin via POST jobs, it runs, reports progress and ends done', async () => {
    const c = await seedController(database.db, {
      ownerId: cast.owner.id,
      name: 'Bienenhaus Aare',
      location: BERN,
    });
    const before = fake.requests.length;
    fake.delay.ms = 400;
    const res = await post(
      { type: 'WEATHER_UPDATE', controllerId: c.id, from: '2023-01-01', to: '2023-06-30' },
      cast.admin.headers,
    );
    expect(res.statusCode).toBe(200);
    const { job } = jobCreateResponseSchema.parse(res.json());
    expect(job).toMatchObject({
      status: 'queued',
      ownerId: cast.admin.id,
      description: 'Bienenhaus Aare · 2023-01-01 – 2023-06-30',
    });
    const { row, seen } = await watch(job.id, (r) => r.status === 'done' || r.status === 'failed').finally(
      () => (fake.delay.ms = 0),
    );
    expect(row).toMatchObject({ status: 'done', progress: 100, attempts: 1, error: null });
    expect(row.startedAt).not.toBeNull();
    // Two pieces: half done after the first answer, while still running.
    expect(seen).toContain('running:1::50');
    // 181 days in pieces of 92: two archive calls, the archive never asked for visibility.
    const calls = fake.requests.slice(before);
    expect(calls.map((r) => [r.path, r.from, r.to])).toEqual([
      ['/v1/archive', '2023-01-01', '2023-04-02'],
      ['/v1/archive', '2023-04-03', '2023-06-30'],
    ]);
    const hours = await readWeather(
      database.db,
      cellOf(BERN.lat, BERN.lng).key,
      new Date('2023-01-01T00:00:00Z'),
      new Date('2023-06-30T23:00:00Z'),
    );
    expect(hours).toHaveLength(181 * 24);
    expect(hours.every((h) => h.visibility === null && h.temperature !== null)).toBe(true);
    const own = jobPageSchema.parse(
      (await app.inject({ url: '/api/jobs', headers: cast.admin.headers })).json(),
    ).items;
    expect(own.map((j: Job) => j.id)).toContain(job.id);
  });

  it('a missing series stays null in the table, the others are stored', async () => {
    const c = await seedController(database.db, {
      ownerId: cast.owner.id,
      location: { lat: 45.5, lng: 9.2 },
    });
    fake.omit.add('cloud_cover');
    try {
      const res = await post(
        { type: 'WEATHER_UPDATE', controllerId: c.id, from: '2022-03-01', to: '2022-03-01' },
        cast.admin.headers,
      );
      const { job } = jobCreateResponseSchema.parse(res.json());
      await watch(job.id, (r) => r.status === 'done' || r.status === 'failed');
    } finally {
      fake.omit.delete('cloud_cover');
    }
    const rows = await database.db
      .select()
      .from(weatherHourly)
      .where(eq(weatherHourly.cell, cellOf(45.5, 9.2).key));
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => r.cloudCover === null && r.humidity !== null && r.pressure !== null)).toBe(true);
  });

  it('a provider failure shows on the job with its reason and is retried; the retry succeeds', async () => {
    const c = await seedController(database.db, {
      ownerId: cast.owner.id,
      location: { lat: 46.2, lng: 6.15 },
    });
    fake.failNext(1, 503);
    const res = await post(
      { type: 'WEATHER_UPDATE', controllerId: c.id, from: '2022-05-01', to: '2022-05-02' },
      cast.admin.headers,
    );
    const { job } = jobCreateResponseSchema.parse(res.json());
    const { row, seen } = await watch(job.id, (r) => r.status === 'done' || r.status === 'failed');
    // the failed first try shows at once, with its reason, while the retry waits
    expect(seen).toContain('retrying:1:Open-Meteo answered 503: Simulated outage of the weather service:0');
    expect(row).toMatchObject({
      status: 'done',
      attempts: 2,
      maxAttempts: 2,
      nextAttemptAt: null,
      error: null,
      progress: 100,
    });
    expect(await countWeatherHours(database.db, cellOf(46.2, 6.15).key)).toBe(48);
  });

  it('when every try fails, the job ends failed with the reason, visible in the jobs list', async () => {
    const c = await seedController(database.db, {
      ownerId: cast.owner.id,
      location: { lat: 46.5, lng: 6.6 },
    });
    fake.failNext(2, 500);
    const res = await post(
      { type: 'WEATHER_UPDATE', controllerId: c.id, from: '2022-05-01', to: '2022-05-01' },
      cast.admin.headers,
    );
    const { job } = jobCreateResponseSchema.parse(res.json());
    const { row } = await watch(job.id, (r) => r.status === 'failed' || r.status === 'done');
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 2,
      maxAttempts: 2,
      nextAttemptAt: null,
      error: 'Open-Meteo answered 500: Simulated outage of the weather service',
    });
    expect(row.finishedAt).not.toBeNull();
    const all = jobPageSchema.parse(
      (await app.inject({ url: '/api/admin/jobs', headers: cast.admin.headers })).json(),
    ).items;
    expect(all.find((j) => j.id === job.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/500/),
    });
    expect(await countWeatherHours(database.db, cellOf(46.5, 6.6).key)).toBe(0);
  });

  it('is queued when the owner moves a controller to another cell, owned by them; not for a move within the cell', async () => {
    const c = await seedController(database.db, { ownerId: cast.owner.id, location: BERN });
    // A controller has weather history to fill from its creation on: make it 10 days old.
    const start = Date.now();
    await database.db
      .update(controllers)
      .set({ createdAt: new Date(start - 10 * 86_400_000) })
      .where(eq(controllers.id, c.id));
    const move = (location: object) =>
      app.inject({
        method: 'POST',
        url: `/api/controller/${c.id}`,
        payload: { location },
        headers: cast.owner.headers,
      });
    expect((await move(BERN_NEARBY)).statusCode).toBe(200);
    expect(
      jobPageSchema.parse((await app.inject({ url: '/api/jobs', headers: cast.owner.headers })).json()).items,
    ).toEqual([]);
    expect((await move({ lat: 46.0, lng: 8.95 })).statusCode).toBe(200);
    const end = Date.now();
    const own = jobPageSchema.parse(
      (await app.inject({ url: '/api/jobs', headers: cast.owner.headers })).json(),
    ).items;
    expect(own).toHaveLength(1);
    // the move reads the clock itself, between `start` and `end`: if UTC midnight falls in between, its
    // yesterday may be the later one — and then the controller was 11 days old when it moved
    const yesterdayOf = (ms: number) => new Date(ms - 86_400_000).toISOString().slice(0, 10);
    const yesterday = own[0]?.description?.endsWith(`– ${yesterdayOf(end)}`)
      ? yesterdayOf(end)
      : yesterdayOf(start);
    const daysOld = yesterday === yesterdayOf(start) ? 10 : 11;
    expect(own[0]).toMatchObject({ type: 'WEATHER_UPDATE', ownerId: cast.owner.id });
    expect(own[0]?.description).toMatch(new RegExp(`– ${yesterday}$`));
    const { row } = await watch(own[0]?.id ?? '', (r) => r.status === 'done' || r.status === 'failed');
    expect(row.status).toBe('done');
    // nobody watches this backfill: it brings the nightly run's longer retries (1 + 3 tries)
    expect(row.maxAttempts).toBe(WEATHER_RETRY.limit + 1);
    expect(await countWeatherHours(database.db, cellOf(46.0, 8.95).key)).toBe(daysOld * 24);
  });

  it('shows the next try when pg-boss will start it: a job with its own retries, backing off', async () => {
    const c = await seedController(database.db, {
      ownerId: cast.owner.id,
      location: { lat: 46.8, lng: 9.8 },
    });
    fake.failNext(1, 503);
    const id = crypto.randomUUID();
    // the queue's own send, with this job's retries: 2 s doubling, with pg-boss's jitter
    await bossQueue(boss).send(
      WEATHER_UPDATE_JOB,
      { controllerId: c.id, from: '2022-06-01', to: '2022-06-01' },
      id,
      { limit: 1, delaySeconds: 2, backoff: true },
    );
    const { row } = await watch(id, (r) => r.status !== 'queued' && r.status !== 'running');
    expect(row).toMatchObject({ status: 'retrying', attempts: 1, maxAttempts: 2 });
    const shown = row.nextAttemptAt?.getTime() ?? 0;
    // the row says "retrying" before the handler's error reaches pg-boss, which only then plans the retry: read
    // its plan once it has one (read earlier, startAfter was still the first try's)
    let job = await boss.getJobById(WEATHER_UPDATE_JOB, id);
    for (let tries = 0; job?.state === 'active' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await boss.getJobById(WEATHER_UPDATE_JOB, id);
    }
    expect(job?.state).toBe('retry');
    const planned = job?.startAfter.getTime() ?? 0;
    // the list shows the earliest time: pg-boss starts it then or up to one delay (2 s) later
    expect(planned).toBeGreaterThanOrEqual(shown - 250);
    expect(planned).toBeLessThanOrEqual(shown + 2000 + 250);
    const { row: done } = await watch(id, (r) => r.status === 'done' || r.status === 'failed');
    expect(done).toMatchObject({ status: 'done', attempts: 2, nextAttemptAt: null, error: null });
  });
});
