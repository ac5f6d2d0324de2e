import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { clearAttempts, createAccount, login, sessionCount } from '../../../test/auth';

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => clearAttempts(t.db));
  afterAll(() => t.close());

  it('answers the 6th attempt of an (email, ip) pair with 429, but the victim still logs in from elsewhere', async () => {
    const victim = await createAccount(t.db);
    const sessionsBefore = await sessionCount(t.db, victim.id);
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, victim.email, `guess ${i}`, { ip: '203.0.113.7' })).statusCode).toBe(401);
    }
    const sixth = await login(t.app, victim.email, victim.password, {
      ip: '203.0.113.7',
      headers: { 'accept-language': 'en' },
    });
    expect(sixth.statusCode).toBe(429);
    // which limit (5 per pair in 15 minutes) and when it lifts: in the message and as Retry-After
    expect(sixth.json()).toEqual({
      message: 'Too many attempts (at most 5 in 15 minutes): try again in 15 minutes.',
    });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await sessionCount(t.db, victim.id)).toBe(sessionsBefore);
    expect((await login(t.app, victim.email, victim.password, { ip: '198.51.100.20' })).statusCode).toBe(200);
  });

  it('forgets the failures of a pair after a successful login from that ip', async () => {
    const u = await createAccount(t.db);
    for (let i = 0; i < 4; i++) await login(t.app, u.email, 'wrong', { ip: '203.0.113.8' });
    expect((await login(t.app, u.email, u.password, { ip: '203.0.113.8' })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, u.email, 'wrong', { ip: '203.0.113.8' })).statusCode).toBe(401);
    }
  });

  it('limits one ip to 30 failures over all emails', async () => {
    const u = await createAccount(t.db);
    for (let i = 0; i < 30; i++) await login(t.app, `spray${i}@example.org`, 'wrong', { ip: '203.0.113.9' });
    expect((await login(t.app, u.email, u.password, { ip: '203.0.113.9' })).statusCode).toBe(429);
    expect((await login(t.app, u.email, u.password, { ip: '203.0.113.10' })).statusCode).toBe(200);
  });
});
