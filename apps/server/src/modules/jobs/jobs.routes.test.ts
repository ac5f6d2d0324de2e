import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPageSchema, type Job, type JobPage } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { allPages, forgeCursor } from '../../../test/pages';
import { createCast, createUser, type TestUser } from '../../../test/users';
import { seedController } from '../controllers/controllers.fixtures';
import { jobMeta } from '../../background-jobs/job';
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
    const jobs = jobPageSchema.parse(res.json()).items;
    expect(jobs.map((j) => j.description)).toEqual(['owner job']);
    expect(jobs[0]).toMatchObject({
      type: 'WEATHER_UPDATE',
      status: 'queued',
      progress: 0,
      error: null,
      nextAttemptAt: null,
    });
    const watcher = jobPageSchema.parse((await get('/api/jobs', cast.watcher.headers)).json()).items;
    expect(watcher).toEqual([]);
  });

  it('gives admins every job, including those without an owner; others get 403', async () => {
    const res = await get('/api/admin/jobs', cast.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(
      jobPageSchema
        .parse(res.json())
        .items.map((j) => j.description)
        .sort(),
    ).toEqual(['other job', 'owner job', 'system job']);
    for (const who of [cast.owner, cast.manager, cast.watcher])
      expect((await get('/api/admin/jobs', who.headers)).statusCode).toBe(403);
  });
});

describe('GET jobs / GET admin/jobs: pages, filters, search (docs/api-conventions.md "Lists and pagination")', () => {
  let pager: TestUser;
  let pagerJobs: string[];
  const TIE = '2025-03-01 10:00:00.123456+00';

  beforeAll(async () => {
    pager = await createUser(t.db);
    // 13 jobs of one person: 5 at the same microsecond (the id must break the tie), the rest an hour apart;
    // types, statuses and descriptions vary for the filters and the search
    pagerJobs = [];
    for (let i = 0; i < 13; i++) {
      const id = crypto.randomUUID();
      pagerJobs.push(id);
      await insertJob(t.db, {
        id,
        type: i % 3 === 0 ? 'EXPORT' : 'WEATHER_UPDATE',
        description: i % 4 === 0 ? `Stand Nord · 2024-01-0${(i % 9) + 1}` : `Stand Süd ${i}`,
        ownerId: pager.id,
        payload: {},
      });
    }
    await t.db.execute(sql`
      UPDATE jobs SET created_at = CASE WHEN n <= 5 THEN ${TIE}::timestamptz
        ELSE '2025-03-02 00:00:00+00'::timestamptz + n * interval '1 hour' END,
        status = CASE WHEN n % 2 = 0 THEN 'done' ELSE 'queued' END
      FROM (SELECT id AS jid, row_number() OVER (ORDER BY id) AS n FROM jobs WHERE owner_id = ${pager.id}) x
      WHERE jobs.id = x.jid`);
  });

  const page = async (url: string, who?: TestUser, lang = 'en') => {
    const res = await get(url, { ...(who?.headers ?? {}), 'accept-language': lang });
    const body = res.json() as unknown;
    return { status: res.statusCode, body: res.statusCode === 200 ? jobPageSchema.parse(body) : body };
  };
  const walk = (base: string, who: TestUser) =>
    allPages(async (cursor) => {
      const res = await page(`${base}${cursor ? `&cursor=${cursor}` : ''}`, who);
      return { status: res.status, body: res.body as JobPage };
    });
  /** The jobs in the list's order: created_at, then id (uuid order is the order of its hex text). */
  const expected = async (order: 'asc' | 'desc', where = sql`owner_id = ${pager.id}`) => {
    const res = await t.db.execute<{ id: string }>(
      sql`SELECT id FROM jobs WHERE ${where} ORDER BY created_at ${sql.raw(order)}, id ${sql.raw(order)}`,
    );
    return res.rows.map((r) => r.id);
  };

  it.each(['desc', 'asc'] as const)(
    'pages of 4 (%s) list every own job exactly once, in order, as one big page does',
    async (order) => {
      const { items, pages } = await walk(`/api/jobs?limit=4&order=${order}`, pager);
      const ids = items.map((j) => j.id);
      expect(ids).toEqual(await expected(order));
      expect(new Set(ids).size).toBe(13);
      expect(ids.toSorted()).toEqual(pagerJobs.toSorted());
      expect(pages).toBe(4);
      const one = (await page(`/api/jobs?limit=500&order=${order}`, pager)).body as JobPage;
      expect(one.items.map((j) => j.id)).toEqual(ids);
      expect(one.nextCursor).toBeNull();
    },
  );

  it('answers newest first by default, 50 at most, the next page after the cursor', async () => {
    const first = (await page('/api/jobs?limit=2', pager)).body as JobPage;
    expect(first.items.map((j) => j.id)).toEqual((await expected('desc')).slice(0, 2));
    expect(first.nextCursor).not.toBeNull();
    const def = (await page('/api/jobs', pager)).body as JobPage;
    expect(def.items).toHaveLength(13);
    expect(def.nextCursor).toBeNull();
  });

  it('the admin pages through everyone’s jobs, scheduled ones too, with no gaps or repeats', async () => {
    const { items } = await walk('/api/admin/jobs?limit=5', cast.admin);
    expect(items.map((j) => j.id)).toEqual(await expected('desc', sql`true`));
    expect(items.some((j) => j.ownerId === null)).toBe(true);
    expect(items.length).toBeGreaterThan(13);
  });

  it('filters by type, status and id, and searches the description', async () => {
    const list = async (query: string, who: TestUser = pager) =>
      ((await page(`/api/jobs?${query}`, who)).body as JobPage).items;
    const exports = await list('type=EXPORT');
    expect(exports.map((j) => j.type)).toEqual(['EXPORT', 'EXPORT', 'EXPORT', 'EXPORT', 'EXPORT']);
    const done = await list('status=done');
    expect(done.length).toBe(6);
    expect(done.every((j) => j.status === 'done')).toBe(true);
    const nord = await list(`q=${encodeURIComponent('nord 2024')}`);
    expect(nord.map((j) => j.description).toSorted()).toEqual(
      [
        'Stand Nord · 2024-01-01',
        'Stand Nord · 2024-01-04',
        'Stand Nord · 2024-01-09',
        'Stand Nord · 2024-01-05',
      ].toSorted(),
    );
    expect(await list('q=s%C3%BCD%2011')).toMatchObject([{ description: 'Stand Süd 11' }]);
    const one = pagerJobs[7] ?? '';
    expect((await list(`id=${one}`)).map((j: Job) => j.id)).toEqual([one]);
    // another person's job by id: an empty page, as for an id that does not exist
    expect(await list(`id=${one}`, cast.other)).toEqual([]);
  });

  it('the admin searches a number as the owner id; a person’s own list does not', async () => {
    const ofPager = ((await page(`/api/admin/jobs?q=${pager.id}&limit=500`, cast.admin)).body as JobPage)
      .items;
    expect(ofPager.map((j) => j.id).toSorted()).toEqual(pagerJobs.toSorted());
    const own = ((await page(`/api/jobs?q=${pager.id}`, pager)).body as JobPage).items;
    expect(own.every((j) => j.description.includes(String(pager.id)))).toBe(true);
  });

  it.each([
    ['limit=0', 'La taille de page doit être comprise entre 1 et 500'],
    ['limit=501', 'La taille de page doit être comprise entre 1 et 500'],
    ['limit=abc', 'La taille de page doit être comprise entre 1 et 500'],
    ['cursor=%%%', 'La position de page est invalide ; veuillez recharger la liste'],
    // a cursor of an integer-id list, and one with a malformed key
    [
      `cursor=${forgeCursor(['createdAt', 'desc', TIE, 1])}`,
      'La position de page est invalide ; veuillez recharger la liste',
    ],
    [
      `cursor=${forgeCursor(['createdAt', 'desc', 'yesterday', crypto.randomUUID()])}`,
      'La position de page est invalide ; veuillez recharger la liste',
    ],
    [
      `order=asc&cursor=${forgeCursor(['createdAt', 'desc', TIE, crypto.randomUUID()])}`,
      'La position de page est invalide ; veuillez recharger la liste',
    ],
    ['sort=status', 'La liste ne peut pas être triée selon cette colonne'],
    ['order=up', 'La liste ne peut pas être triée selon cette colonne'],
    ['q=' + 'x'.repeat(101), 'Le texte de recherche ne doit pas dépasser 100 caractères'],
  ])('refuses %s with a localised 400', async (query, message) => {
    for (const url of ['/api/jobs', '/api/admin/jobs']) {
      const res = await page(`${url}?${query}`, url === '/api/jobs' ? pager : cast.admin, 'fr');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message });
    }
  });

  it('refuses an unknown filter, type, status or id (400); anonymous callers get 401 first', async () => {
    for (const query of ['type=EXPORT_ALL', 'status=lost', 'id=42', 'ownerId=1'])
      expect((await page(`/api/jobs?${query}`, pager)).status).toBe(400);
    expect((await page('/api/jobs?limit=0')).status).toBe(401);
    expect((await page('/api/admin/jobs?limit=0')).status).toBe(401);
    expect((await page('/api/admin/jobs?limit=0', pager)).status).toBe(403);
  });

  it('a valid cursor of one person’s list moves nobody else into view', async () => {
    const first = (await page('/api/jobs?limit=2', pager)).body as JobPage;
    const other = await page(`/api/jobs?limit=2&cursor=${first.nextCursor}`, cast.other);
    expect(other).toEqual({ status: 200, body: { items: [], nextCursor: null } });
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
    expect(jobPageSchema.parse((await get('/api/jobs', cast.admin.headers)).json()).items).toEqual([]);
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
    expect(jobPageSchema.parse((await get('/api/jobs', cast.admin.headers)).json()).items).toEqual([]);
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
      const jobs = jobPageSchema.parse((await get('/api/jobs', cast.owner.headers)).json()).items;
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
