import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

/** Strict-Transport-Security: only a site served over https may pin browsers to https (docs/operations.md). */
describe('security headers', () => {
  const apps: TestApp[] = [];
  const headersFor = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    apps.push(t);
    return (await t.app.inject({ url: '/api/app/config' })).headers;
  };
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  let http: Awaited<ReturnType<typeof headersFor>>;
  let https: Awaited<ReturnType<typeof headersFor>>;
  beforeAll(async () => {
    http = await headersFor({ PUBLIC_URL: 'http://hive.example.org' });
    https = await headersFor({ PUBLIC_URL: 'https://hive.example.org' });
  });

  it('sends HSTS for a year with includeSubDomains when PUBLIC_URL is https', () => {
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends no HSTS when PUBLIC_URL is http', () => {
    expect(http['strict-transport-security']).toBeUndefined();
    expect(http['content-security-policy']).toContain("script-src 'self'");
  });

  it('takes max-age and includeSubDomains from the environment; HSTS_MAX_AGE=0 sends none', async () => {
    const custom = await headersFor({
      PUBLIC_URL: 'https://hive.example.org',
      HSTS_MAX_AGE: '600',
      HSTS_INCLUDE_SUBDOMAINS: '0',
    });
    expect(custom['strict-transport-security']).toBe('max-age=600');
    const off = await headersFor({ PUBLIC_URL: 'https://hive.example.org', HSTS_MAX_AGE: '0' });
    expect(off['strict-transport-security']).toBeUndefined();
  });
});
