import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { load, warmUp, type LoadResult } from './lib/load';
import { startApp } from './lib/processes';
import type { Scratch } from './lib/postgres';
import { createBeekeeper, login } from './lib/seed';

/**
 * Dashboard API benchmark: a beekeeper owning 50 controllers × 8 scales with 60 days of hourly readings
 * (seeded directly in SQL), logged in through POST /api/user/login; measures GET /api/controller and
 * GET /api/controller/{id}/midnightvalues (rotating over the 50 controllers).
 */

const EMAIL = 'bench@hivescope.local';

async function seed(scratch: Scratch): Promise<number[]> {
  const { db } = scratch;
  const ownerId = await createBeekeeper(db, EMAIL);
  const ids = await db.execute<{
    id: number;
  }>(sql`INSERT INTO controllers (name, imsi, imei, lat, lng, subscription_end,
      device_token_hash, owner_id, registered_at, temperature, voltage, signal, last_update, software_version)
    SELECT 'Stand ' || i, '22898' || lpad(i::text, 10, '0'), '35693804' || lpad(i::text, 7, '0'), 47.3 + i / 1000.0,
      8.5 + i / 1000.0, now() + interval '1 year', md5('dash' || i), ${ownerId},
      now() - interval '70 days', 12.5, 3.9, -71, now(), '1.4.2'
    FROM generate_series(1, 50) i RETURNING id`);
  const controllerIds = ids.rows.map((r) => r.id);
  await db.$client.query(
    `INSERT INTO scales (controller_id, channel, name, type, setup_at)
     SELECT c, ch, 'Volk ' || ch, CASE WHEN ch = 8 THEN 'sensor' ELSE 'weight' END, now() - interval '65 days'
     FROM unnest($1::int[]) c, generate_series(1, 8) ch`,
    [controllerIds],
  );
  await db.$client.query(
    `INSERT INTO readings (controller_id, channel, time, weight, temperature, humidity)
     SELECT c, ch, t, CASE WHEN ch < 8 THEN 40 + ch + extract(epoch FROM t)::bigint % 977 / 100.0 END,
       CASE WHEN ch = 8 THEN 34.5 END, CASE WHEN ch = 8 THEN 60 END
     FROM unnest($1::int[]) c, generate_series(1, 8) ch,
       generate_series(date_trunc('hour', now()) - interval '60 days', now(), interval '1 hour') t`,
    [controllerIds],
  );
  await db.execute(sql`ANALYZE`);
  return controllerIds;
}

export async function benchDashboard(scratch: Scratch): Promise<LoadResult[]> {
  const ids = await seed(scratch);
  const app = await startApp(scratch.url);
  try {
    const cookie = await login(app.url, EMAIL);
    const headers = { cookie };
    const list = { url: `${app.url}/api/controller`, headers };
    const check = await fetch(list.url, { headers });
    const body = (await check.json()) as unknown[];
    if (!check.ok || body.length !== 50)
      throw new Error(`GET /api/controller answered ${check.status} with ${body.length} rows`);
    await warmUp(list);
    const results = [await load('GET /api/controller (50 ctl, 400 scales)', list)];
    let n = 0;
    const midnight = {
      url: app.url,
      requests: [
        {
          method: 'GET' as const,
          headers,
          setupRequest: (req: autocannon.Request) => {
            req.path = `/api/controller/${ids[n++ % ids.length]}/midnightvalues`;
            return req;
          },
        },
      ],
    };
    await warmUp(midnight);
    results.push(await load('GET /api/controller/{id}/midnightvalues', midnight));
    return results;
  } finally {
    await app.stop();
  }
}
