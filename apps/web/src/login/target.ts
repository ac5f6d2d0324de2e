import { PASSWORD_RESET_NOTICE, safeFrom } from '../lib/redirect';
import type { LoginTextName } from './textKeys';

/** Where a successful login goes: the page's same-origin `from` path, else the dashboard (lib/redirect). */
export function targetAfterLogin(search: string): string {
  return safeFrom(new URLSearchParams(search).get('from'));
}

/** The notice the page shows above the form, from its `?notice=` (set after a password reset). */
export function noticeOf(search: string): LoginTextName | null {
  return new URLSearchParams(search).get('notice') === PASSWORD_RESET_NOTICE ? 'passwordResetDone' : null;
}
