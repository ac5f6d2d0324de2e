/**
 * The browser's localStorage or sessionStorage where the page may use it, else a store in memory for this page.
 *
 * A share embedded in another site's iframe is a third-party document: browsers that block third-party storage
 * (Chromium with third-party cookies off, Safari, Firefox strict mode) throw a SecurityError on the mere read of
 * `window.localStorage`. The app must still start there, only without remembering anything (docs/shares.md).
 */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStore(): KeyValueStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

const fallbacks: Partial<Record<'localStorage' | 'sessionStorage', KeyValueStore>> = {};

/** `pick` reads the storage property of the window; kept as a function so a test can make it throw. */
export function webStorage(
  kind: 'localStorage' | 'sessionStorage',
  pick: () => Storage = () => window[kind],
): KeyValueStore {
  try {
    const storage = pick();
    storage.getItem('hivescope-probe');
    return storage;
  } catch {
    fallbacks[kind] ??= memoryStore();
    return fallbacks[kind];
  }
}
