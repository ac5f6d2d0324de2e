import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults (embedded database, demo on, port 3000, brand 1 on localhost)', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, demo: true, brandHosts: { localhost: 1 } });
    expect(c.dataDir.endsWith('data')).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('turns the demo off by default with an external database and treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/x' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('keeps 10 database connections unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
  });

  it('parses BRAND_HOSTS', () => {
    expect(loadConfig({ BRAND_HOSTS: 'vet.example.org=2, localhost=1' }).brandHosts).toEqual({
      'vet.example.org': 2,
      localhost: 1,
    });
  });

  it('configures HSTS for https requests: one year with includeSubDomains unless configured', () => {
    // Sent per request only when it reached us over https (http/https-proxy.test.ts, security.test.ts).
    expect(loadConfig({ PUBLIC_URL: 'http://hive.example.org' }).hsts).toEqual({
      maxAge: 31_536_000,
      includeSubDomains: true,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://hive.example.org' }).hsts).toEqual({
      maxAge: 31_536_000,
      includeSubDomains: true,
    });
    expect(
      loadConfig({
        PUBLIC_URL: 'https://h.example.org',
        HSTS_MAX_AGE: '86400',
        HSTS_INCLUDE_SUBDOMAINS: 'false',
      }).hsts,
    ).toEqual({ maxAge: 86_400, includeSubDomains: false });
    expect(loadConfig({ PUBLIC_URL: 'https://h.example.org', HSTS_MAX_AGE: '0' }).hsts).toBeNull();
  });

  it('configures SMS only with account, token and sender; the URL defaults to Twilio', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(
      loadConfig({ SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'secret', SMS_FROM: '+41790000000' }).sms,
    ).toEqual({
      url: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 'secret',
      from: '+41790000000',
    });
  });

  it.each([
    [{ HSTS_MAX_AGE: '-1' }, 'HSTS_MAX_AGE'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_POOL_SIZE: '1' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ BRAND_HOSTS: 'vet.example.org=3' }, 'BRAND_HOSTS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' }, 'MAP_TILE_URL'],
    [{ ADMIN_EMAIL: 'a@b.ch' }, 'ADMIN_EMAIL and ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.ch', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't' }, 'SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM'],
    [{ SMS_URL: 'ftp://sms.example.org' }, 'SMS_URL'],
  ])('fails fast with a message naming the variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
