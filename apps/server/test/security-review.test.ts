import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { clearAttempts, createAccount, digest, login, ping, sessionCount } from './auth';
import { createAffiliation, createUser, type TestUser } from './users';
import {
  controllerRow,
  scalesOf,
  seedController,
  seedScale,
} from '../src/modules/controllers/controllers.fixtures';
import { insertController, report } from '../src/modules/device/device.fixtures';
import { sessions } from '../src/db/schema';

/** Findings of the security review, one test each: each test failed before its fix. */
describe('security review', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db, { admin: true });
    owner = await createUser(t.db);
  });
  beforeEach(() => clearAttempts(t.db));
  afterAll(() => t.close());

  const post = (url: string, user: TestUser | null, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'accept-language': 'en',
        'content-type': 'application/json',
        ...(user ? user.headers : {}),
        ...headers,
      },
      payload: JSON.stringify(payload),
    });

  describe('NUL characters in JSON bodies (PostgreSQL text cannot hold them)', () => {
    it('answers 400 instead of 500 and stores nothing', async () => {
      const c = await seedController(t.db, { ownerId: owner.id, name: 'Stand' });
      const scale = await seedScale(t.db, c.id, 1, { name: 'Volk' });
      const profile = {
        firstName: 'A\u0000',
        lastName: 'B',
        street: 'S',
        zip: '1',
        city: 'C',
        country: 'CH',
        phone: '1',
      };
      const calls = [
        await post('/api/user/profile', owner, profile),
        await post(`/api/controller/${c.id}`, owner, { name: 'x\u0000y' }),
        await post(`/api/scale/${scale}`, owner, { name: 'x\u0000y' }),
        await post('/api/admin/controller', admin, {
          name: 'n\u0000',
          updateInterval: 1,
          imsi: '9'.repeat(15),
        }),
        await post('/api/scale', owner, { '\u0000': 1, controllerId: c.id, channelId: 2, name: 'n' }),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'The request could not be read' });
      }
      expect((await controllerRow(t.db, c.id)).name).toBe('Stand');
      expect((await scalesOf(t.db, c.id)).map((s) => s.name)).toEqual(['Volk']);
    });

    it('a device report with a NUL in the firmware gets 400 (do not resend), not 5xx (resend forever)', async () => {
      const dev = await insertController(t.db);
      const res = await post(
        '/api/device/v1/report',
        null,
        { ...report(dev), firmware: '1.4\u0000' },
        {
          authorization: `Bearer ${dev.token}`,
        },
      );
      expect(res.statusCode).toBe(400);
      expect((await controllerRow(t.db, dev.id)).softwareVersion).toBeNull();
    });
  });

  describe('ids beyond PostgreSQL integer range are unknown ids, not 500', () => {
    const huge = 99_999_999_999;

    it('POST scale with a huge controllerId: 404 transmitterNotFound', async () => {
      const res = await post('/api/scale', owner, { controllerId: huge, channelId: 1, name: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('The transmitter was not found');
    });

    it('POST admin/controller/{id} with huge affiliation or region ids: 400, nothing changed', async () => {
      const c = await seedController(t.db);
      const before = await controllerRow(t.db, c.id);
      const aff = await post(`/api/admin/controller/${c.id}`, admin, { affiliationId: huge, name: 'new' });
      expect(aff.statusCode).toBe(400);
      const region = await post(`/api/admin/controller/${c.id}`, admin, {
        regionPrimaryId: huge,
        name: 'new',
      });
      expect(region.statusCode).toBe(400);
      const region2 = await post(`/api/admin/controller/${c.id}`, admin, { regionSecondaryId: huge });
      expect(region2.statusCode).toBe(400);
      expect(await controllerRow(t.db, c.id)).toEqual(before);
    });

    it('POST admin/affiliation/{id}/controllers with a huge controller id: 404, nothing changed', async () => {
      const affiliation = await createAffiliation(t.db);
      const c = await seedController(t.db);
      const res = await post(`/api/admin/affiliation/${affiliation}/controllers`, admin, {
        controllerIds: [c.id, huge],
      });
      expect(res.statusCode).toBe(404);
      expect((await controllerRow(t.db, c.id)).affiliationId).toBeNull();
    });

    it('GET admin/affiliatedControllers?affiliationId=<huge>: an empty list for admins', async () => {
      const res = await t.app.inject({
        url: `/api/admin/affiliatedControllers?affiliationId=${huge}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [], nextCursor: null });
    });
  });

  it('POST admin/controller/{id} with a date PostgreSQL cannot store (year 0): 400 invalidDate', async () => {
    const c = await seedController(t.db);
    const before = await controllerRow(t.db, c.id);
    for (const field of ['subscriptionEnd', 'activationDate', 'limitReset']) {
      for (const value of [
        '0000-06-01T00:00:00Z',
        '0001-01-01T00:30:00+01:00',
        '9999-12-31T23:00:00-14:00',
      ]) {
        const res = await post(`/api/admin/controller/${c.id}`, admin, { [field]: value });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Invalid date');
      }
    }
    expect(await controllerRow(t.db, c.id)).toEqual(before);
  });

  it('CSRF check: X-Forwarded-Host is not trusted without TRUST_PROXY', async () => {
    const u = await createAccount(t.db, { locale: 'de' });
    const res = await post(
      '/api/user/language',
      u,
      { language: 'en' },
      {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
      },
    );
    expect(res.statusCode).toBe(403);
    const same = await post(
      '/api/user/language',
      u,
      { language: 'en' },
      {
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
      },
    );
    expect(same.statusCode).toBe(200);
  });

  it('registration drops the session the browser had (rotation, as at login)', async () => {
    const before = await createAccount(t.db);
    const res = await post('/api/registration/user', before, {
      email: `new-${Date.now()}@example.org`,
      password: digest('honey pot 1'),
      passwordConfirmation: digest('honey pot 1'),
      acceptedTerms: true,
      profile: {
        firstName: 'M',
        lastName: 'I',
        street: 'S 1',
        zip: '3000',
        city: 'Bern',
        country: 'CH',
        phone: '1',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await sessionCount(t.db, before.id)).toBe(0);
    expect((await ping(t.app, before.headers)).statusCode).toBe(401);
  });

  it('a malformed URL gets the usual localised { message } (no framework error codes)', async () => {
    for (const url of ['/api/controller/%E0%A4%A', '/%E0%A4%A']) {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request could not be read' });
    }
  });

  it('only /shared/… pages may be framed; other paths keep frame-ancestors none', async () => {
    for (const url of ['/sharedfoo', '/shared-evil/settings', '/api/sharedx']) {
      const res = await t.app.inject({ url });
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
    const shared = await t.app.inject({ url: '/shared/map?token=x' });
    expect(String(shared.headers['content-security-policy'])).toContain('frame-ancestors *');
  });
});

describe('security review: behind a reverse proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('a client cannot dodge the login limit by sending its own X-Forwarded-For', async () => {
    const victim = await createAccount(t.db);
    const attempt = (i: number, password: string) =>
      login(t.app, victim.email, password, {
        ip: '10.0.0.2', // the proxy
        headers: { 'x-forwarded-for': `198.18.0.${i}, 203.0.113.50`, 'accept-language': 'en' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(i, `guess ${i}`)).statusCode).toBe(401);
    expect((await attempt(99, victim.password)).statusCode).toBe(429);
  });

  it('uses the address the proxy saw (the last X-Forwarded-For entry) as the client ip', async () => {
    const u = await createAccount(t.db);
    const res = await login(t.app, u.email, u.password, {
      ip: '10.0.0.2',
      headers: { 'x-forwarded-for': '1.1.1.1, 203.0.113.51' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, u.id));
    const row = rows.find((r) => r.ip !== null && r.ip !== '127.0.0.1');
    expect(row?.ip).toBe('203.0.113.51');
  });
});
