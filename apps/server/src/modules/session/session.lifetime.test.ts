import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAccount, ping, userRow } from '../../../test/auth';
import { sessions, users } from '../../db/schema';

const lastSeen = async (t: TestApp, userId: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]?.lastSeenAt;

describe('session lifetime, language and CSRF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_HOURS: '2', PUBLIC_URL: 'https://hivescope.example' });
  });
  afterAll(() => t.close());

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const u = await createAccount(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: u.email, password: (await import('../../../test/auth')).digest(u.password) },
    });
    expect(res.cookies.find((c) => c.name === 'hs_session')?.secure).toBe(true);
  });

  it('ends a session after the idle timeout', async () => {
    const u = await createAccount(t.db);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours 1 minute'` })
      .where(eq(sessions.userId, u.id));
    expect((await ping(t.app, u.headers)).statusCode).toBe(401);
  });

  it('ends a session at its absolute end even when active', async () => {
    const u = await createAccount(t.db);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, u.id));
    expect((await ping(t.app, u.headers)).statusCode).toBe(401);
  });

  it('touches last_seen_at at most once a minute', async () => {
    const u = await createAccount(t.db);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '30 seconds'` })
      .where(eq(sessions.userId, u.id));
    const recent = await lastSeen(t, u.id);
    expect((await ping(t.app, u.headers)).statusCode).toBe(200);
    expect(await lastSeen(t, u.id)).toEqual(recent);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '90 minutes'` })
      .where(eq(sessions.userId, u.id));
    expect((await ping(t.app, u.headers)).statusCode).toBe(200);
    expect(Date.now() - ((await lastSeen(t, u.id))?.getTime() ?? 0)).toBeLessThan(10_000);
  });

  it('kills the sessions of a user made inactive', async () => {
    const u = await createAccount(t.db);
    await t.db.update(users).set({ active: false }).where(eq(users.id, u.id));
    expect((await ping(t.app, u.headers)).statusCode).toBe(401);
  });

  it('answers a logged-in user in their locale unless Accept-Language says otherwise', async () => {
    const u = await createAccount(t.db, { locale: 'fr' });
    const own = await t.app.inject({ url: '/api/admin/users', headers: u.headers });
    expect(own.json()).toEqual({ message: "Vous n'êtes pas autorisé à faire cela" });
    const es = await t.app.inject({
      url: '/api/admin/users',
      headers: { ...u.headers, 'accept-language': 'es' },
    });
    expect(es.json()).toEqual({ message: 'No tiene permiso para hacer esto' });
  });

  it('refuses a cookie-authenticated POST from a foreign origin (CSRF) and changes nothing', async () => {
    const u = await createAccount(t.db);
    const before = await userRow(t.db, u.id);
    const profile = {
      firstName: 'Eve',
      lastName: 'Evil',
      street: 'X',
      zip: '1',
      city: 'Y',
      country: 'CH',
      phone: '1',
    };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: { ...u.headers, origin: 'https://evil.example', 'accept-language': 'en' },
      payload: profile,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'You are not allowed to do this' });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...u.headers, origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    expect(await userRow(t.db, u.id)).toEqual(before);
    expect((await ping(t.app, u.headers)).statusCode).toBe(200);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: { ...u.headers, origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: profile,
    });
    expect(same.statusCode).toBe(200);
  });
});
