import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadNamespaces } from './i18n';
import { webStorage } from './webStorage';

const STORAGE_KEY = 'hivescope:reloadedChunks';

type KeyStore = Pick<Storage, 'getItem' | 'setItem'>;

function readKeys(storage: KeyStore): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Decides whether a failed chunk load should reload the page: only once per chunk per browser session
 * (a new deployment replaced the chunk files). Remembers the chunk in sessionStorage.
 */
export function claimReload(chunk: string, storage: KeyStore): boolean {
  const keys = readKeys(storage);
  if (keys.includes(chunk)) return false;
  storage.setItem(STORAGE_KEY, JSON.stringify([...keys, chunk]));
  return true;
}

/** Forgets a chunk after it loaded fine, so a later deployment may reload for it again. */
export function forgetReload(chunk: string, storage: KeyStore): void {
  const keys = readKeys(storage);
  if (keys.includes(chunk)) storage.setItem(STORAGE_KEY, JSON.stringify(keys.filter((k) => k !== chunk)));
}

/** Loads a module; on failure reloads the page once for this chunk, then lets the error boundary show it. */
export async function importWithReload<M>(chunk: string, load: () => Promise<M>): Promise<M> {
  try {
    const mod = await load();
    forgetReload(chunk, webStorage('sessionStorage'));
    return mod;
  } catch (error) {
    if (claimReload(chunk, webStorage('sessionStorage'))) {
      window.location.reload();
      return new Promise<M>(() => undefined);
    }
    throw error;
  }
}

/**
 * Loads a screen's module and, in parallel, the i18n namespaces it uses (each namespace is its own chunk,
 * docs/decisions.md "Web bundle and first load"), so the screen renders with its texts and never shows
 * keys; texts that fail to load count as a failed chunk (reload once).
 */
export function loadPage<M>(
  chunk: string,
  load: () => Promise<M>,
  namespaces: readonly string[],
): Promise<M> {
  return importWithReload(chunk, async () => {
    const [mod] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return mod;
  });
}

/**
 * React.lazy for a module whose default export is a component, with the reload-once behaviour. `namespaces`:
 * the i18n namespaces the module uses beyond the shell's (lib/i18n.ts SHELL_NAMESPACES), loaded before it
 * renders; i18nNamespaces.test.ts checks the list against the module's code.
 */
export function lazyPage<P extends object>(
  chunk: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  namespaces: readonly string[],
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadPage(chunk, load, namespaces));
}
