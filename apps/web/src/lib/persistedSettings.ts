import { PERSIST_KEY_PREFIX } from '@hivescope/contract';

/** redux-persist's key of the web app's state (app/store/persist.ts); stored as `reduxPersist:root`. */
export const PERSIST_ROOT_KEY = 'root';
export const PERSISTED_STATE_KEY = `${PERSIST_KEY_PREFIX}${PERSIST_ROOT_KEY}`;

type Json = Record<string, unknown>;

function parseObject(raw: string | null | undefined): Json {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
}

/**
 * The `settings` slice as redux-persist stored it: the stored value is a JSON object whose every slice is a
 * JSON string of its own. Read without the store, by the login page (docs/decisions.md, "Web bundle and
 * first load"); an unreadable value counts as nothing stored.
 */
export function readPersistedSettings(raw: string | null | undefined): Json {
  const slice = parseObject(raw).settings;
  return typeof slice === 'string' ? parseObject(slice) : {};
}

/**
 * The stored value with `patch` merged into its `settings` slice, every other slice kept as it was: what the
 * web app restores at its next start (restoreSettings fills in what is missing).
 */
export function withPersistedSettings(raw: string | null | undefined, patch: Json): string {
  const root = parseObject(raw);
  const settings = { ...readPersistedSettings(raw), ...patch };
  return JSON.stringify({ ...root, settings: JSON.stringify(settings) });
}
