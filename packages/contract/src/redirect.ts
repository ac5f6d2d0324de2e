/** Where to go after login when no (acceptable) `from` is given. */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** The login page (docs/decisions.md, "Web bundle and first load"): served outside the single-page app. */
export const LOGIN_PATH = '/login';

/**
 * The `from` parameter after login only accepts same-origin relative paths (docs/api-conventions.md):
 * it must start with "/" but not "//" or "/\" (protocol-relative), and contain no control characters.
 * The login page and the server's redirect of a logged-in visitor of /login both apply it.
 */
export function safeFrom(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return DEFAULT_AFTER_LOGIN;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(from)) return DEFAULT_AFTER_LOGIN;
  try {
    const base = 'http://same.origin.invalid';
    const url = new URL(from, base);
    if (url.origin !== base) return DEFAULT_AFTER_LOGIN;
    const target = `${url.pathname}${url.search}${url.hash}`;
    const loginPage = url.pathname === LOGIN_PATH || url.pathname === `${LOGIN_PATH}.html`;
    return target === '/' || loginPage ? DEFAULT_AFTER_LOGIN : target;
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
}
