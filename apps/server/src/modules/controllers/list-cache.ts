/**
 * The serialised rows of GET controller, kept per controller and viewer kind with the stamp they were built
 * from (docs/controllers.md "Dashboard list at fleet size"). A row is served again only while its stamp — row
 * versions read from the database on every request, and the subscription state at that moment — is unchanged,
 * so the cache can never answer older data than a fresh build would; it is per process and needs no
 * invalidation (another instance's write changes the stamp too). Least recently used rows go first.
 */
export const LIST_CACHE_MAX_ROWS = 5_000;

type Entry = { stamp: string; json: string };
const entries = new Map<string, Entry>();

/** The row built under exactly this stamp, if kept. */
export function cachedRow(key: string, stamp: string): string | undefined {
  const entry = entries.get(key);
  if (entry?.stamp !== stamp) return undefined;
  entries.delete(key);
  entries.set(key, entry);
  return entry.json;
}

export function storeRow(key: string, stamp: string, json: string): void {
  entries.delete(key);
  entries.set(key, { stamp, json });
  if (entries.size <= LIST_CACHE_MAX_ROWS) return;
  const oldest = entries.keys().next();
  if (!oldest.done) entries.delete(oldest.value);
}

/** Rows kept (tests). */
export const cachedRowCount = () => entries.size;
