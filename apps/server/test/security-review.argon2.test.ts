import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { digest } from './auth';

const calls = vi.hoisted(() => ({ hashDigest: 0 }));
vi.mock('../src/modules/password/password.hash', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../src/modules/password/password.hash')>();
  return {
    ...orig,
    hashDigest: (d: string) => {
      calls.hashDigest += 1;
      return orig.hashDigest(d);
    },
  };
});

/** Security review: argon2 (19 MiB, ~50 ms) must not be a free CPU/memory lever for anonymous callers. */
describe('security review: no argon2 work for invalid reset links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('POST user/passwordReset/set with an unknown token answers 400 linkInvalid without hashing', async () => {
    const before = calls.hashDigest;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/passwordReset/set',
        headers: { 'accept-language': 'en' },
        payload: { token: `unknown-${i}`, password: digest('x'), passwordConfirmation: digest('x') },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'This link is invalid' });
    }
    expect(calls.hashDigest).toBe(before);
  });
});
