import { describe, expect, it } from 'vitest';
import { SLOW_REQUEST_MS, redactUrl, requestLogLevel } from './log';

describe('redactUrl', () => {
  it('hides reset and share tokens in paths and query strings', () => {
    expect(redactUrl('/password/reset/abcDEF_-123')).toBe('/password/reset/***');
    expect(redactUrl('/api/user/passwordReset/check?token=abc&x=1')).toBe(
      '/api/user/passwordReset/check?token=***&x=1',
    );
    expect(redactUrl('/shared/map?lang=fr&token=s3cret')).toBe('/shared/map?lang=fr&token=***');
    expect(redactUrl('/api/user/ping')).toBe('/api/user/ping');
  });

  it("hides the email of a reset request (the product's call puts it in the query, docs/api-conventions.md)", () => {
    expect(redactUrl('/api/user/passwordReset/request?email=maja%40example.org')).toBe(
      '/api/user/passwordReset/request?email=***',
    );
  });
});

describe('requestLogLevel', () => {
  it('keeps ordinary requests at debug and raises 5xx answers and slow requests to warn', () => {
    expect(requestLogLevel(200, 5)).toBe('debug');
    expect(requestLogLevel(401, 5)).toBe('debug');
    expect(requestLogLevel(404, 5)).toBe('debug');
    expect(requestLogLevel(500, 5)).toBe('warn');
    expect(requestLogLevel(503, 5)).toBe('warn');
    expect(requestLogLevel(200, SLOW_REQUEST_MS + 1)).toBe('warn');
    expect(requestLogLevel(200, SLOW_REQUEST_MS)).toBe('debug');
  });
});
