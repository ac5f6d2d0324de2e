import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { importCantons, reassignAll } from '../apps/server/src/modules/regions/regions.service';
import { median } from './lib/load';
import type { Scratch } from './lib/postgres';

/**
 * Region assignment benchmark (docs/regions.md "Assignment", `BENCH_ONLY=regions`): 10,000 controllers at
 * random points of the Swiss bounding box (about a fifth fall outside every canton) against the 26 cantons;
 * one run of the `region-assign` job's body (read controllers and regions, bbox prefilter + point in polygon
 * in Node, one UPDATE of the changed rows). Timed with every assignment changing (cleared first) and with
 * none changing (a second run), 3 runs each, median.
 */
const CONTROLLERS = 10_000;
const RUNS = 3;
export const REGIONS_BUDGET_MS = 2000;

export type RegionsOutcome = { cold: number[]; warm: number[]; assigned: number; controllers: number };

async function seed(ctx: AppContext) {
  await ctx.db.execute(sql`
    INSERT INTO controllers (name, imsi, lat, lng, subscription_end, device_token_hash)
    SELECT 'bench ' || g, (100000000000000 + g)::text, 45.82 + random() * 1.99, 5.96 + random() * 4.53,
      now() + interval '1 year', md5(g::text) || md5('t' || g)
    FROM generate_series(1, ${CONTROLLERS}) g`);
}

async function timed(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return Math.round(performance.now() - start);
}

export async function benchRegions(scratch: Scratch): Promise<RegionsOutcome> {
  const ctx: AppContext = { config: loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' }), db: scratch.db };
  await seed(ctx);
  await importCantons(ctx);
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await ctx.db.execute(sql`UPDATE controllers SET region_primary_id = NULL, region_secondary_id = NULL`);
    cold.push(await timed(() => reassignAll(ctx)));
    warm.push(await timed(() => reassignAll(ctx)));
  }
  const res = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM controllers WHERE region_primary_id IS NOT NULL`,
  );
  return { cold, warm, assigned: res.rows[0]?.n ?? 0, controllers: CONTROLLERS };
}

export function regionsVerdict(o: RegionsOutcome): string {
  const cold = median(o.cold);
  const warm = median(o.warm);
  return [
    `  region assignment, ${o.controllers} controllers × 26 cantons (${o.assigned} inside a canton):`,
    `    all assignments written: median ${cold} ms (runs ${o.cold.join(', ')}) (aim ≤ ${REGIONS_BUDGET_MS}: ${cold <= REGIONS_BUDGET_MS && o.assigned > 0 ? 'met' : 'NOT met'})`,
    `    nothing changed: median ${warm} ms (runs ${o.warm.join(', ')})`,
  ].join('\n');
}
