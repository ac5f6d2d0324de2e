import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAccount, login, sessionCookie } from '../../test/auth';

/**
 * Behind a TLS-terminating proxy with an http PUBLIC_URL, the request reached the proxy over https when the
 * trusted proxy says X-Forwarded-Proto: https; the cookie is then Secure and HSTS is sent (docs/operations.md).
 * Without TRUST_PROXY the header is anyone's word and changes nothing.
 */
describe('https behind a trusted proxy', () => {
  let proxied: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ PUBLIC_URL: 'http://hive.example.org', TRUST_PROXY: '1' });
    direct = await createTestApp({ PUBLIC_URL: 'http://hive.example.org' });
  });
  afterAll(() => Promise.all([proxied.close(), direct.close()]));

  const https = { 'x-forwarded-proto': 'https' };

  it('marks the session cookie Secure and sends HSTS when the trusted proxy got the request over https', async () => {
    const u = await createAccount(proxied.db);
    const res = await login(proxied.app, u.email, u.password, { headers: https });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)?.secure).toBe(true);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps the cookie without Secure and sends no HSTS for a request the proxy got over http', async () => {
    const u = await createAccount(proxied.db);
    const res = await login(proxied.app, u.email, u.password, { headers: { 'x-forwarded-proto': 'http' } });
    expect(sessionCookie(res)?.secure).toBeFalsy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    const u = await createAccount(direct.db);
    const res = await login(direct.app, u.email, u.password, { headers: https });
    expect(sessionCookie(res)?.secure).toBeFalsy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('clears the cookie with the same Secure flag at logout', async () => {
    const u = await createAccount(proxied.db);
    const cookie = sessionCookie(await login(proxied.app, u.email, u.password, { headers: https }));
    const out = await proxied.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...https, ...cookie?.header },
    });
    expect(sessionCookie(out)).toMatchObject({ value: '', secure: true });
  });
});
