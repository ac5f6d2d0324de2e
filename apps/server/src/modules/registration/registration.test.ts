import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionUserSchema } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  clearAttempts,
  createAccount,
  digest,
  login,
  ping,
  sessionCookie,
  userRow,
} from '../../../test/auth';
import { users } from '../../db/schema';

const profile = {
  firstName: 'Maja',
  lastName: 'Imker',
  street: 'Bienenweg 5',
  zip: '3000',
  city: 'Bern',
  country: 'ch',
  phone: '+41 31 000 00 00',
};
const valid = (email: string, password = 'honey pot 1') => ({
  email,
  password: digest(password),
  passwordConfirmation: digest(password),
  acceptedTerms: true,
  profile,
});

describe('POST /api/registration/user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => clearAttempts(t.db));
  afterAll(() => t.close());

  const register = (
    payload: unknown,
    headers: Record<string, string> = { 'accept-language': 'en' },
    ip?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/registration/user',
      payload: payload as object,
      headers,
      remoteAddress: ip,
    });
  const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;

  it('creates an active ordinary user, logs them in and stores only an argon2id hash', async () => {
    const res = await register({ ...valid('New.Keeper@Example.org'), locale: 'es' });
    expect(res.statusCode).toBe(200);
    const body = sessionUserSchema.parse(res.json());
    expect(body).toMatchObject({
      userEmail: 'new.keeper@example.org',
      admin: false,
      role: 10,
      manager: false,
    });
    expect(body).toMatchObject({
      locale: 'es',
      profileComplete: true,
      affiliation: null,
      registrationPending: true,
    });
    expect(body.profile.country).toBe('CH');
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await ping(t.app, cookie!.header)).json().userId).toBe(body.userId);
    const row = await userRow(t.db, body.userId);
    expect(row).toMatchObject({ active: true, admin: false, role: 10 });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(digest('honey pot 1'));
    expect((await login(t.app, 'new.keeper@example.org', 'honey pot 1')).statusCode).toBe(200);
  });

  it('takes the locale from Accept-Language when the body has none', async () => {
    const res = await register(valid('french@example.org'), { 'accept-language': 'fr-CH,fr;q=0.9' });
    expect(res.json().locale).toBe('fr');
  });

  it('answers a registered email with 400 emailTaken, logs nobody in and changes nothing', async () => {
    const existing = await createAccount(t.db);
    const before = await userRow(t.db, existing.id);
    const n = await userCount();
    const res = await register(valid(existing.email.toUpperCase()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This email address cannot be registered' });
    expect(sessionCookie(res)).toBeUndefined();
    expect(await userCount()).toBe(n);
    expect(await userRow(t.db, existing.id)).toEqual(before);
  });

  it.each([
    [
      'terms not accepted',
      { ...valid('a1@example.org'), acceptedTerms: false },
      'Please accept the terms of service',
    ],
    [
      'terms missing',
      { ...valid('a2@example.org'), acceptedTerms: undefined },
      'Please accept the terms of service',
    ],
    [
      'non-matching confirmation',
      { ...valid('a3@example.org'), passwordConfirmation: digest('other') },
      "Passwords don't match",
    ],
    ['invalid email', valid('not an email'), 'Invalid email address'],
    [
      'plain password',
      { ...valid('a4@example.org'), password: 'pw', passwordConfirmation: 'pw' },
      'The password was not sent in the expected form',
    ],
    ['extra field admin:true', { ...valid('a5@example.org'), admin: true }, 'Unknown field'],
    [
      'extra profile field',
      { ...valid('a6@example.org'), profile: { ...profile, role: 1 } },
      'Unknown field',
    ],
    [
      'missing street',
      { ...valid('a7@example.org'), profile: { ...profile, street: ' ' } },
      'Check your inputs',
    ],
    ['missing profile', { ...valid('a8@example.org'), profile: undefined }, 'Check your inputs'],
    [
      'wrong types',
      { ...valid('a9@example.org'), acceptedTerms: 'yes', locale: 7 },
      'Please accept the terms of service',
    ],
    ['unknown locale', { ...valid('a10@example.org'), locale: 'it' }, 'Check your inputs'],
  ])('rejects %s with a localised message and creates nothing', async (_n, payload, message) => {
    const n = await userCount();
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await userCount()).toBe(n);
  });

  it('rejects malformed JSON (400) and oversize bodies (413), localised', async () => {
    const n = await userCount();
    const headers = { 'content-type': 'application/json', 'accept-language': 'es' };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/registration/user',
      headers,
      payload: '{"email"',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'No se pudo leer la solicitud' });
    const big = await register(
      { ...valid('big@example.org'), profile: { ...profile, city: 'x'.repeat(300 * 1024) } },
      headers,
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'La solicitud es demasiado grande' });
    expect(await userCount()).toBe(n);
  });

  it('limits registrations per ip', async () => {
    for (let i = 0; i < 20; i++) await register(valid(`burst${i}@example.org`), {}, '203.0.113.50');
    const res = await register(valid('one-more@example.org'), {}, '203.0.113.50');
    expect(res.statusCode).toBe(429);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'one-more@example.org'));
    expect(row).toBeUndefined();
    expect((await register(valid('elsewhere@example.org'), {}, '203.0.113.51')).statusCode).toBe(200);
  });
});
