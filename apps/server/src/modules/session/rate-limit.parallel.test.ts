import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { clearAttempts, createAccount, digest, login } from '../../../test/auth';
import { LIMITS } from './rate-limit';

const PARALLEL = 100;

/** Status → how many answers had it. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

/**
 * Every limit counts atomically before the work (docs/decisions.md "Rate limits"): 100 attempts sent at once
 * never get more than the limit through. Each answer that is not 429 did the limited work.
 */
describe('rate limits under 100 parallel attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://hivescope.example' });
  });
  beforeEach(() => clearAttempts(t.db));
  afterAll(() => t.close());

  const parallel = (send: (i: number) => Promise<{ statusCode: number }>) =>
    Promise.all(Array.from({ length: PARALLEL }, (_, i) => send(i))).then((all) =>
      tally(all.map((r) => r.statusCode)),
    );

  it('login, one account from one ip: exactly 5 reach the password check', async () => {
    const victim = await createAccount(t.db);
    const result = await parallel((i) => login(t.app, victim.email, `guess ${i}`, { ip: '203.0.113.70' }));
    expect(result).toEqual({ 401: LIMITS.loginPair.max, 429: PARALLEL - LIMITS.loginPair.max });
    // the owner still logs in from another address
    expect((await login(t.app, victim.email, victim.password, { ip: '198.51.100.70' })).statusCode).toBe(200);
  });

  it('login, many accounts from one fresh ip: exactly 30 reach the password check', async () => {
    const result = await parallel((i) =>
      login(t.app, `spray${i}@example.org`, 'wrong', { ip: '203.0.113.71' }),
    );
    expect(result).toEqual({ 401: LIMITS.loginIp.max, 429: PARALLEL - LIMITS.loginIp.max });
  });

  it('password-reset requests for one email: exactly 3 are taken', async () => {
    const result = await parallel((i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/passwordReset/request?email=nobody%40example.org',
        remoteAddress: `198.51.100.${i + 1}`,
      }),
    );
    expect(result).toEqual({ 200: LIMITS.resetEmail.max, 429: PARALLEL - LIMITS.resetEmail.max });
  });

  it('password-reset requests from one ip: exactly 20 are taken', async () => {
    const result = await parallel((i) =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/passwordReset/request?email=reset${i}%40example.org`,
        remoteAddress: '203.0.113.72',
      }),
    );
    expect(result).toEqual({ 200: LIMITS.resetIp.max, 429: PARALLEL - LIMITS.resetIp.max });
  });

  it('registrations from one ip: exactly 20 accounts are created', async () => {
    const password = digest('honey pot 1');
    const result = await parallel((i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/registration/user',
        remoteAddress: '203.0.113.73',
        payload: {
          email: `parallel${i}@example.org`,
          password,
          passwordConfirmation: password,
          acceptedTerms: true,
          profile: {
            firstName: 'Maja',
            lastName: 'Imker',
            street: 'Bienenweg 5',
            zip: '3000',
            city: 'Bern',
            country: 'ch',
            phone: '+41 31 000 00 00',
          },
        },
      }),
    );
    expect(result).toEqual({ 200: LIMITS.registerIp.max, 429: PARALLEL - LIMITS.registerIp.max });
  });

  it('a successful login gives its attempt back: the right password is not locked out by its own logins', async () => {
    const u = await createAccount(t.db);
    for (let i = 0; i < LIMITS.loginPair.max + 2; i++) {
      expect((await login(t.app, u.email, u.password, { ip: '203.0.113.74' })).statusCode).toBe(200);
    }
  });
});
