import { LOGIN_PATH } from '@hivescope/contract';

export { DEFAULT_AFTER_LOGIN, LOGIN_PATH, safeFrom } from '@hivescope/contract';

/**
 * The login page's URL that brings the user back to `pathAndQuery` afterwards. The login page lives outside
 * the single-page app (docs/decisions.md, "Web bundle and first load"): callers load it with a full page load.
 */
export function loginUrl(pathAndQuery: string): string {
  if (!pathAndQuery || pathAndQuery === '/' || pathAndQuery.startsWith('/?')) return LOGIN_PATH;
  return `${LOGIN_PATH}?from=${encodeURIComponent(pathAndQuery)}`;
}

/** Leaves the single-page app for the login page (a full page load; the current entry is replaced). */
export function goToLogin(pathAndQuery: string): void {
  window.location.replace(loginUrl(pathAndQuery));
}

/** `?notice=` of the login page after a password reset: it then says the password was reset. */
export const PASSWORD_RESET_NOTICE = 'passwordReset';
export const passwordResetLoginUrl = `${LOGIN_PATH}?notice=${PASSWORD_RESET_NOTICE}`;
