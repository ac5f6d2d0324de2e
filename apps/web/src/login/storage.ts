import type { Locale } from '@hivescope/contract';
import { PERSISTED_STATE_KEY, readPersistedSettings, withPersistedSettings } from '../lib/persistedSettings';

/** The web app's persisted settings (its language, the local brand override); nothing when storage is off. */
export function storedSettings(): Record<string, unknown> {
  try {
    return readPersistedSettings(window.localStorage.getItem(PERSISTED_STATE_KEY));
  } catch {
    return {};
  }
}

/** Stores the language where the web app keeps it, so the app starts in it after the login. */
export function rememberLocale(locale: Locale): void {
  try {
    const stored = window.localStorage.getItem(PERSISTED_STATE_KEY);
    window.localStorage.setItem(PERSISTED_STATE_KEY, withPersistedSettings(stored, { locale }));
  } catch {
    // storage disabled: the language lasts for this page only
  }
}
