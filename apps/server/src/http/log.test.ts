import { describe, expect, it } from 'vitest';
import { redactUrl } from './log';

describe('redactUrl', () => {
  it('hides reset and share tokens in paths and query strings', () => {
    expect(redactUrl('/password/reset/abcDEF_-123')).toBe('/password/reset/***');
    expect(redactUrl('/api/user/passwordReset/check?token=abc&x=1')).toBe(
      '/api/user/passwordReset/check?token=***&x=1',
    );
    expect(redactUrl('/shared/map?lang=fr&token=s3cret')).toBe('/shared/map?lang=fr&token=***');
    expect(redactUrl('/api/user/ping')).toBe('/api/user/ping');
  });

  it('hides the email of a reset request (spec §7 puts it in the query)', () => {
    expect(redactUrl('/api/user/passwordReset/request?email=maja%40example.org')).toBe(
      '/api/user/passwordReset/request?email=***',
    );
  });
});
