/**
 * The serialised rows of GET controller, kept per controller and viewer kind with the stamp they were built
 * from (docs/controllers.md "Dashboard list at fleet size"). A row is served again only while its stamp — row
 * versions read from the database on every request, and the subscription state at that moment — is unchanged,
 * so the cache can never answer older data than a fresh build would; it needs no invalidation (another
 * instance's write changes the stamp too). Least recently used rows go first.
 *
 * The rows are kept per database handle, not per process: controller ids and row versions repeat between
 * databases (the API tests give every file its own database in one process), and a row of another database
 * whose stamp happened to match would be served.
 */
export const LIST_CACHE_MAX_ROWS = 5_000;

type Entry = { stamp: string; json: string };
const cachesOf = new WeakMap<object, Map<string, Entry>>();

function entriesOf(db: object): Map<string, Entry> {
  let entries = cachesOf.get(db);
  if (!entries) cachesOf.set(db, (entries = new Map()));
  return entries;
}

/** The row built under exactly this stamp from this database, if kept. */
export function cachedRow(db: object, key: string, stamp: string): string | undefined {
  const entries = entriesOf(db);
  const entry = entries.get(key);
  if (entry?.stamp !== stamp) return undefined;
  entries.delete(key);
  entries.set(key, entry);
  return entry.json;
}

export function storeRow(db: object, key: string, stamp: string, json: string): void {
  const entries = entriesOf(db);
  entries.delete(key);
  entries.set(key, { stamp, json });
  if (entries.size <= LIST_CACHE_MAX_ROWS) return;
  const oldest = entries.keys().next();
  if (!oldest.done) entries.delete(oldest.value);
}
