import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobListSchema } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast } from '../../../test/users';
import { seedController } from '../controllers/controllers.fixtures';
import { jobMeta } from '../../jobs/job';
import { insertJob } from './jobs.repository';
import { tracked } from './jobs.tracking';

/**
 * Jobs API per role and for bad input, on an app without a job queue (docs/weather.md "Jobs API"); the
 * runs themselves are checked in modules/weather/weather.jobs.test.ts with a real pg-boss.
 */
let t: TestApp;
let cast: Awaited<ReturnType<typeof createCast>>;
let located: number;
let unlocated: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.db);
  located = (await seedController(t.db, { ownerId: cast.owner.id, location: { lat: 46.95, lng: 7.45 } })).id;
  unlocated = (await seedController(t.db, { ownerId: cast.owner.id })).id;
  const job = (ownerId: number | null, description: string) =>
    insertJob(t.db, { id: crypto.randomUUID(), type: 'WEATHER_UPDATE', description, ownerId, payload: {} });
  await job(cast.owner.id, 'owner job');
  await job(cast.other.id, 'other job');
  await job(null, 'system job');
});
afterAll(() => t.close());

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (payload: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/jobs', payload: payload as object, headers });
const update = (fields: object = {}) => ({
  type: 'WEATHER_UPDATE',
  controllerId: located,
  from: '2024-01-01',
  to: '2024-01-31',
  ...fields,
});

describe('GET jobs / GET admin/jobs', () => {
  it('answers 401 without a session', async () => {
    expect((await get('/api/jobs')).statusCode).toBe(401);
    expect((await get('/api/admin/jobs')).statusCode).toBe(401);
  });

  it("lists only the caller's own jobs", async () => {
    const res = await get('/api/jobs', cast.owner.headers);
    expect(res.statusCode).toBe(200);
    const jobs = jobListSchema.parse(res.json());
    expect(jobs.map((j) => j.description)).toEqual(['owner job']);
    expect(jobs[0]).toMatchObject({
      type: 'WEATHER_UPDATE',
      status: 'queued',
      progress: 0,
      error: null,
      nextAttemptAt: null,
    });
    const watcher = jobListSchema.parse((await get('/api/jobs', cast.watcher.headers)).json());
    expect(watcher).toEqual([]);
  });

  it('gives admins every job, including those without an owner; others get 403', async () => {
    const res = await get('/api/admin/jobs', cast.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(
      jobListSchema
        .parse(res.json())
        .map((j) => j.description)
        .sort(),
    ).toEqual(['other job', 'owner job', 'system job']);
    for (const who of [cast.owner, cast.manager, cast.watcher])
      expect((await get('/api/admin/jobs', who.headers)).statusCode).toBe(403);
  });
});

describe('POST jobs', () => {
  it('answers 401 without a session and 403 to non-admins for WEATHER_UPDATE (the owner too)', async () => {
    expect((await post(update())).statusCode).toBe(401);
    for (const who of [cast.owner, cast.manager, cast.watcher, cast.other])
      expect((await post(update(), who.headers)).statusCode).toBe(403);
  });

  it.each([
    ['an unknown type', { type: 'EXPORT_ALL' }],
    ['no type', { controllerId: 1, from: '2024-01-01', to: '2024-01-02' }],
    ['a missing controllerId', { type: 'WEATHER_UPDATE', from: '2024-01-01', to: '2024-01-02' }],
    ['a controllerId as text', update({ controllerId: 'abc' })],
    ['a controllerId beyond integer range', update({ controllerId: 2 ** 40 })],
    ['a malformed date', update({ from: '2024-13-01' })],
    ['a date with time', update({ to: '2024-01-02T00:00:00Z' })],
    ['a day before 2016', update({ from: '2015-12-31' })],
    ['an end before the start', update({ from: '2024-02-01', to: '2024-01-01' })],
    ['more than ten years', update({ from: '2016-01-01', to: '2026-12-31' })],
    ['an unknown field', update({ priority: 1 })],
    ['a body that is no object', ['WEATHER_UPDATE']],
  ])('refuses %s with 400 and a message, queuing nothing', async (_name, body) => {
    const res = await post(body, { ...cast.admin.headers, 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/\w/);
    expect(jobListSchema.parse((await get('/api/jobs', cast.admin.headers)).json())).toEqual([]);
  });

  it('says why: end before start, and a transmitter without location', async () => {
    const headers = { ...cast.admin.headers, 'accept-language': 'en' };
    const range = await post(update({ from: '2024-02-01', to: '2024-01-01' }), headers);
    expect(range.json()).toMatchObject({ fields: { to: expect.stringMatching(/end must not lie before/) } });
    const noLocation = await post(update({ controllerId: unlocated }), headers);
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json()).toEqual({
      message: 'The transmitter has no location, so there is no weather for it',
    });
  });

  it('answers 404 for a controller that does not exist', async () => {
    const res = await post(update({ controllerId: 999_999 }), cast.admin.headers);
    expect(res.statusCode).toBe(404);
  });

  it('answers 503 when this app has no job queue, and records nothing', async () => {
    const res = await post(update(), { ...cast.admin.headers, 'accept-language': 'de' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Hintergrundaufträge laufen gerade nicht; bitte später erneut versuchen',
    });
    expect(jobListSchema.parse((await get('/api/jobs', cast.admin.headers)).json())).toEqual([]);
  });
});

describe('a failing job in the list', () => {
  it('shows each failed try at once: retrying, try n of m, its error and the next try; the last: failed', async () => {
    const id = crypto.randomUUID();
    await insertJob(t.db, {
      id,
      type: 'WEATHER_UPDATE',
      description: 'outage',
      ownerId: cast.owner.id,
      payload: {},
    });
    // the real wrapper of every job handler, around a run that fails as a provider outage does
    const run = tracked(t.db, 'WEATHER_UPDATE', async () => {
      throw new Error('Open-Meteo answered 503: outage');
    });
    const mine = async () => {
      const jobs = jobListSchema.parse((await get('/api/jobs', cast.owner.headers)).json());
      return jobs.find((j) => j.id === id);
    };
    const tries = { retryLimit: 2, retryDelay: 15, retryBackoff: true };

    for (const [retryCount, wait] of [
      [0, 15],
      [1, 30],
    ] as const) {
      const before = Date.now();
      await expect(run({}, jobMeta(id, { ...tries, retryCount }))).rejects.toThrow('503');
      const job = await mine();
      expect(job).toMatchObject({
        status: 'retrying',
        attempts: retryCount + 1,
        maxAttempts: 3,
        error: 'Open-Meteo answered 503: outage',
        finishedAt: null,
      });
      const next = Date.parse(job?.nextAttemptAt ?? '');
      expect(next).toBeGreaterThanOrEqual(before + wait * 1000);
      expect(next).toBeLessThanOrEqual(Date.now() + wait * 1000);
    }

    await expect(run({}, jobMeta(id, { ...tries, retryCount: 2 }))).rejects.toThrow('503');
    const failed = await mine();
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, maxAttempts: 3, nextAttemptAt: null });
    expect(failed?.error).toContain('503');
    expect(failed?.finishedAt).not.toBeNull();
  });
});
