import { describe, expect, it } from 'vitest';
import { noticeOf, targetAfterLogin } from './target';

describe('where the login goes', () => {
  it('to the same-origin `from` path', () => {
    expect(targetAfterLogin('?from=%2Ftimeline')).toBe('/timeline');
    expect(targetAfterLogin('?lang=fr&from=%2Fsettings%3Ftab%3Dprofile')).toBe('/settings?tab=profile');
  });

  it('to the dashboard without one, or for one leaving the site or back to the login page', () => {
    for (const search of [
      '',
      '?from=',
      '?from=%2F%2Fevil.example.org%2Fx',
      '?from=https%3A%2F%2Fevil.example.org',
      '?from=javascript%3Aalert(1)',
      '?from=%2F',
      '?from=%2Flogin%3Ffrom%3D%252Ftimeline',
    ]) {
      expect(targetAfterLogin(search), search).toBe('/dashboard');
    }
  });
});

describe('the notice above the form', () => {
  it('says the password was reset after a reset, nothing otherwise', () => {
    expect(noticeOf('?notice=passwordReset')).toBe('passwordResetDone');
    expect(noticeOf('?notice=other')).toBeNull();
    expect(noticeOf('')).toBeNull();
  });
});
