import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, loginUrl, safeFrom } from './redirect';

describe('safeFrom', () => {
  it('accepts same-origin relative paths with query and hash', () => {
    expect(safeFrom('/settings?tab=profile')).toBe('/settings?tab=profile');
    expect(safeFrom('/a/users')).toBe('/a/users');
    expect(safeFrom('/scaleoverview?x=1#top')).toBe('/scaleoverview?x=1#top');
  });

  it('falls back to the dashboard for missing, absolute or protocol-relative targets', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'dashboard',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\nfoo',
      ' /dashboard',
    ]) {
      expect(safeFrom(bad)).toBe(DEFAULT_AFTER_LOGIN);
    }
  });

  it('does not send the user back to the login page', () => {
    expect(safeFrom('/')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeFrom('/login?from=%2Fsettings')).toBe(DEFAULT_AFTER_LOGIN);
    expect(safeFrom('/login.html')).toBe(DEFAULT_AFTER_LOGIN);
  });
});

describe('loginUrl', () => {
  it('keeps path and query in the from parameter of the login page', () => {
    expect(loginUrl('/settings?tab=profile')).toBe('/login?from=%2Fsettings%3Ftab%3Dprofile');
    const from = new URL(loginUrl('/settings?tab=profile'), 'http://x.invalid').searchParams.get('from');
    expect(safeFrom(from)).toBe('/settings?tab=profile');
  });

  it('does not nest the start page in the from parameter', () => {
    expect(loginUrl('/')).toBe('/login');
    expect(loginUrl('/?from=%2Fdashboard')).toBe('/login');
  });
});
