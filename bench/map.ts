import { sql } from 'drizzle-orm';
import { adminMapSchema, publicMapSchema } from '@hivescope/contract';
import { median } from './lib/load';
import type { Scratch } from './lib/postgres';
import { startApp } from './lib/processes';
import { createBeekeeper, login } from './lib/seed';

/**
 * Map benchmark (docs/maps.md "Performance", `BENCH_ONLY=map`): 10,000 controllers at random points of the
 * Swiss bounding box in all three states, half of them on the public map with 3 weight scales each and
 * readings before and after midnight. Times, over HTTP against the real server, GET /api/admin/map (one
 * query, 10,000 rows; sequential calls, median) and GET /api/map/public uncached (cache off) and cached.
 */
const CONTROLLERS = 10_000;
const RUNS = 7;
export const ADMIN_MAP_BUDGET_MS = 1000;
const ADMIN_EMAIL = 'bench-map-admin@hivescope.local';

async function seed(scratch: Scratch) {
  const { db } = scratch;
  const adminId = await createBeekeeper(db, ADMIN_EMAIL, 'Admin');
  await db.execute(sql`UPDATE users SET admin = true WHERE id = ${adminId}`);
  const owner = await createBeekeeper(db, 'bench-map-owner@hivescope.local');
  await db.execute(sql`
    INSERT INTO controllers (name, imsi, lat, lng, subscription_end, device_token_hash, owner_id,
      display_on_public_map, last_update, update_interval)
    SELECT 'map ' || g, (200000000000000 + g)::text, 45.82 + random() * 1.99, 5.96 + random() * 4.53,
      CASE WHEN g % 10 = 0 THEN now() - interval '1 day' ELSE now() + interval '1 year' END,
      md5('map' || g) || md5('m' || g), ${owner}, g % 2 = 0,
      CASE WHEN g % 7 = 0 THEN now() - interval '1 day' ELSE now() - interval '30 minutes' END, 3
    FROM generate_series(1, ${CONTROLLERS}) g`);
  await db.execute(sql`
    INSERT INTO scales (controller_id, channel, name, setup_at)
    SELECT c.id, ch, 'Volk ' || ch, now() - interval '5 days'
    FROM controllers c, generate_series(1, 3) ch WHERE c.display_on_public_map`);
  await db.execute(sql`
    INSERT INTO readings (controller_id, channel, time, weight)
    SELECT s.controller_id, s.channel, t.at, 40 + s.channel + random()
    FROM scales s, (VALUES (now() - interval '30 hours'), (now() - interval '10 minutes')) t(at)`);
  await db.execute(sql`ANALYZE`);
}

async function timedGet(url: string, headers: Record<string, string> = {}) {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  return { ms: Math.round(performance.now() - start), bytes: text.length, body: JSON.parse(text) as unknown };
}

export type MapOutcome = {
  admin: number[];
  adminRows: number;
  adminBytes: number;
  publicCold: number[];
  publicRows: number;
  publicBytes: number;
  publicCached: number[];
};

async function series(url: string, headers: Record<string, string> = {}) {
  const times: number[] = [];
  let last = await timedGet(url, headers); // warm-up
  for (let i = 0; i < RUNS; i++) {
    last = await timedGet(url, headers);
    times.push(last.ms);
  }
  return { times, last };
}

export async function benchMap(scratch: Scratch): Promise<MapOutcome> {
  await seed(scratch);
  const uncached = await startApp(scratch.url, { PUBLIC_MAP_CACHE_SECONDS: '0' });
  let out: Omit<MapOutcome, 'publicCached'>;
  try {
    const cookie = await login(uncached.url, ADMIN_EMAIL);
    const admin = await series(`${uncached.url}/api/admin/map`, { cookie });
    const cold = await series(`${uncached.url}/api/map/public`);
    out = {
      admin: admin.times,
      adminRows: adminMapSchema.parse(admin.last.body).controllers.length,
      adminBytes: admin.last.bytes,
      publicCold: cold.times,
      publicRows: publicMapSchema.parse(cold.last.body).controllers.length,
      publicBytes: cold.last.bytes,
    };
  } finally {
    await uncached.stop();
  }
  const cached = await startApp(scratch.url);
  try {
    const hot = await series(`${cached.url}/api/map/public`);
    return { ...out, publicCached: hot.times };
  } finally {
    await cached.stop();
  }
}

export function mapVerdict(o: MapOutcome): string {
  const admin = median(o.admin);
  const kb = (b: number) => `${Math.round(b / 1024)} KiB`;
  return [
    `  maps, ${CONTROLLERS} controllers (${o.publicRows} public with 3 scales each):`,
    `    GET /api/admin/map, ${o.adminRows} rows, ${kb(o.adminBytes)}: median ${admin} ms (runs ${o.admin.join(', ')}) (aim ≤ ${ADMIN_MAP_BUDGET_MS}: ${admin <= ADMIN_MAP_BUDGET_MS && o.adminRows === CONTROLLERS ? 'met' : 'NOT met'})`,
    `    GET /api/map/public uncached, ${o.publicRows} rows, ${kb(o.publicBytes)}: median ${median(o.publicCold)} ms (runs ${o.publicCold.join(', ')})`,
    `    GET /api/map/public cached: median ${median(o.publicCached)} ms (runs ${o.publicCached.join(', ')})`,
  ].join('\n');
}
