import { sql } from 'drizzle-orm';
import { adminControllerPageSchema, LIST_DEFAULT_LIMIT } from '@hivescope/contract';
import { load, warmUp, type LoadResult } from './lib/load';
import type { Scratch } from './lib/postgres';
import { startApp } from './lib/processes';
import { createBeekeeper, login } from './lib/seed';

/**
 * Admin list benchmark (docs/api-conventions.md "Lists and pagination", `BENCH_ONLY=admin-lists`): 10,000
 * controllers (a tenth sharing one name, so the keyset's id tie-break is exercised), 500 owners, 3 scales on
 * every fifth. With ONE connection (server latency, no queueing) for BENCH_DURATION each: GET /api/app/config
 * (the app's floor, same run), then GET /api/admin/controllers as an admin: the first page (default size), a
 * page deep in the list (by cursor), a search, and the largest page (500) for scale.
 */
const CONTROLLERS = 10_000;
export const ADMIN_LIST_BUDGET_MS = 50;
const ADMIN_EMAIL = 'bench-lists-admin@hivescope.local';

async function seed(scratch: Scratch) {
  const { db } = scratch;
  const adminId = await createBeekeeper(db, ADMIN_EMAIL, 'Admin');
  await db.execute(sql`UPDATE users SET admin = true WHERE id = ${adminId}`);
  await db.execute(sql`
    INSERT INTO users (email, password_hash, first_name, last_name, city)
    SELECT 'owner' || g || '@bench.local', 'x', 'Owner', 'No ' || g, 'Bern' FROM generate_series(1, 500) g`);
  await db.execute(sql`INSERT INTO affiliations (name) VALUES ('Bench Nord'), ('Bench Süd')`);
  await db.execute(sql`
    INSERT INTO controllers (name, imsi, imei, subscription_end, device_token_hash, owner_id, affiliation_id,
      software_version, last_update, update_interval)
    SELECT CASE WHEN g % 10 = 0 THEN 'Stand' ELSE 'Stand ' || g END, (200000000000000 + g)::text,
      (350000000000000 + g)::text, now() + (g % 700) * interval '1 day', md5('l' || g) || md5('s' || g),
      (SELECT id FROM users WHERE email = 'owner' || (g % 500 + 1) || '@bench.local'),
      CASE g % 3 WHEN 0 THEN (SELECT min(id) FROM affiliations) WHEN 1 THEN (SELECT max(id) FROM affiliations) END,
      '1.' || (g % 9), now() - interval '30 minutes', 3
    FROM generate_series(1, ${CONTROLLERS}) g`);
  await db.execute(sql`
    INSERT INTO scales (controller_id, channel, name, setup_at)
    SELECT c.id, ch, 'Volk ' || ch, now() - interval '5 days'
    FROM controllers c, generate_series(1, 3) ch WHERE c.id % 5 = 0`);
  await db.execute(sql`ANALYZE`);
}

export type AdminListsOutcome = {
  stack: LoadResult;
  first: LoadResult;
  deep: LoadResult;
  search: LoadResult;
  largest: LoadResult;
  firstRows: number;
  firstBytes: number;
};

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  await warmUp({ url, headers, connections: 1 });
  return load(name, { url, headers, connections: 1 });
}

/** The cursor of the page that starts halfway through the list (following nextCursor, 500 rows a page). */
async function halfwayCursor(base: string, cookie: string): Promise<string> {
  let cursor: string | null = null;
  for (let read = 0; read < CONTROLLERS / 2; read += 500) {
    const res = await fetch(`${base}?limit=500${cursor ? `&cursor=${cursor}` : ''}`, { headers: { cookie } });
    cursor = adminControllerPageSchema.parse(await res.json()).nextCursor;
    if (!cursor) break;
  }
  if (!cursor) throw new Error('the list ended before its middle');
  return cursor;
}

export async function benchAdminLists(scratch: Scratch): Promise<AdminListsOutcome> {
  await seed(scratch);
  const app = await startApp(scratch.url);
  try {
    const cookie = await login(app.url, ADMIN_EMAIL);
    const list = `${app.url}/api/admin/controllers`;
    const firstPage = await fetch(list, { headers: { cookie } });
    const text = await firstPage.text();
    const firstRows = adminControllerPageSchema.parse(JSON.parse(text)).items.length;
    const stack = await measure('GET /api/app/config (same run)', `${app.url}/api/app/config`);
    const first = await measure('GET admin/controllers, first page (50)', list, { cookie });
    const cursor = await halfwayCursor(list, cookie);
    const deep = await measure('GET admin/controllers, page at row 5,000', `${list}?cursor=${cursor}`, {
      cookie,
    });
    const search = await measure('GET admin/controllers?q=owner42 stand', `${list}?q=owner42%20stand`, {
      cookie,
    });
    const largest = await measure('GET admin/controllers?limit=500', `${list}?limit=500`, { cookie });
    return { stack, first, deep, search, largest, firstRows, firstBytes: text.length };
  } finally {
    await app.stop();
  }
}

/** p50 from autocannon (whole ms) and, finer, the mean time per request at one connection (1000 / req/s). */
export function adminListsVerdict(o: AdminListsOutcome): string {
  const mean = (r: LoadResult) => 1000 / Math.max(r.rps, 0.001);
  const row = (r: LoadResult) =>
    `    ${r.name}: p50 ${r.p50} ms, p99 ${r.p99} ms, mean ${mean(r).toFixed(1)} ms (${(mean(r) / mean(o.stack)).toFixed(0)}× app/config), ${r.failed} failed`;
  const met =
    o.first.p50 <= ADMIN_LIST_BUDGET_MS && o.firstRows === LIST_DEFAULT_LIMIT && o.first.failed === 0;
  return [
    `  admin lists, ${CONTROLLERS} controllers, 1 connection:`,
    ...[o.stack, o.first, o.deep, o.search, o.largest].map(row),
    `    first page: ${o.firstRows} rows, ${Math.round(o.firstBytes / 1024)} KiB; server p50 ${o.first.p50} ms (aim ≤ ${ADMIN_LIST_BUDGET_MS}: ${met ? 'met' : 'NOT met'})`,
  ].join('\n');
}
