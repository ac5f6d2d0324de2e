import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Rollup maintenance: a check that compares readings_hourly / readings_daily with a recomputation from the
 * raw rows (used by the tests, the crash test and operators), and a rebuild for repairs. Sums are compared
 * with a small tolerance (float addition order differs).
 */

const recomputedHourly = (controllerId: number) => sql`
  SELECT channel, date_trunc('hour', time, 'UTC') AS k, count(*)::int AS n, count(weight)::int AS weight_n,
    coalesce(sum(weight::float8), 0) AS weight_sum, min(weight) AS weight_min, max(weight) AS weight_max,
    (array_agg(weight ORDER BY time DESC) FILTER (WHERE weight IS NOT NULL))[1] AS weight_last,
    max(time) FILTER (WHERE weight IS NOT NULL) AS weight_last_time,
    NULL::real AS weight_first, NULL::timestamptz AS weight_first_time,
    count(temperature)::int AS temperature_n, coalesce(sum(temperature::float8), 0) AS temperature_sum,
    count(humidity)::int AS humidity_n, coalesce(sum(humidity::float8), 0) AS humidity_sum
  FROM readings WHERE controller_id = ${controllerId} GROUP BY 1, 2`;

const recomputedDaily = (controllerId: number, timeZone: string) => sql`
  SELECT channel, (time AT TIME ZONE ${timeZone}::text)::date AS k, count(*)::int AS n, count(weight)::int AS weight_n,
    coalesce(sum(weight::float8), 0) AS weight_sum, min(weight) AS weight_min, max(weight) AS weight_max,
    (array_agg(weight ORDER BY time DESC) FILTER (WHERE weight IS NOT NULL))[1] AS weight_last,
    max(time) FILTER (WHERE weight IS NOT NULL) AS weight_last_time,
    (array_agg(weight ORDER BY time ASC) FILTER (WHERE weight IS NOT NULL))[1] AS weight_first,
    min(time) FILTER (WHERE weight IS NOT NULL) AS weight_first_time,
    count(temperature)::int AS temperature_n, coalesce(sum(temperature::float8), 0) AS temperature_sum,
    count(humidity)::int AS humidity_n, coalesce(sum(humidity::float8), 0) AS humidity_sum
  FROM readings WHERE controller_id = ${controllerId} GROUP BY 1, 2`;

const close = (a: string, b: string) =>
  sql.raw(`abs(coalesce(${a}, 0) - coalesce(${b}, 0)) < 1e-6 * greatest(1, abs(coalesce(${a}, 0)))`);
const same = (a: string, b: string) => sql.raw(`${a} IS NOT DISTINCT FROM ${b}`);

function compare(stored: ReturnType<typeof sql>, recomputed: ReturnType<typeof sql>) {
  return sql`
    SELECT coalesce(r.channel, s.channel)::int AS channel, coalesce(r.k, s.k)::text AS key
    FROM (${recomputed}) r FULL JOIN (${stored}) s ON s.channel = r.channel AND s.k = r.k
    WHERE r.k IS NULL OR s.k IS NULL OR NOT (
      ${same('r.n', 's.n')} AND ${same('r.weight_n', 's.weight_n')} AND ${close('r.weight_sum', 's.weight_sum')}
      AND ${same('r.weight_min', 's.weight_min')} AND ${same('r.weight_max', 's.weight_max')}
      AND ${same('r.weight_last', 's.weight_last')} AND ${same('r.weight_last_time', 's.weight_last_time')}
      AND ${same('r.weight_first', 's.weight_first')} AND ${same('r.weight_first_time', 's.weight_first_time')}
      AND ${same('r.temperature_n', 's.temperature_n')} AND ${close('r.temperature_sum', 's.temperature_sum')}
      AND ${same('r.humidity_n', 's.humidity_n')} AND ${close('r.humidity_sum', 's.humidity_sum')})
    ORDER BY 1, 2`;
}

export type RollupMismatch = { table: 'hourly' | 'daily'; channel: number; key: string };

/** Every rollup row of the controller that differs from a recomputation over its raw readings (empty = consistent). */
export async function rollupMismatches(db: Db, controllerId: number): Promise<RollupMismatch[]> {
  const tz = await db.execute<{ time_zone: string }>(
    sql`SELECT time_zone FROM controllers WHERE id = ${controllerId}`,
  );
  const timeZone = tz.rows[0]?.time_zone ?? 'UTC';
  const hourly = await db.execute<{ channel: number; key: string }>(
    compare(
      sql`SELECT channel, hour AS k, n, weight_n, weight_sum, weight_min, weight_max, weight_last, weight_last_time,
        NULL::real AS weight_first, NULL::timestamptz AS weight_first_time,
        temperature_n, temperature_sum, humidity_n, humidity_sum FROM readings_hourly WHERE controller_id = ${controllerId}`,
      recomputedHourly(controllerId),
    ),
  );
  const daily = await db.execute<{ channel: number; key: string }>(
    compare(
      sql`SELECT channel, day AS k, n, weight_n, weight_sum, weight_min, weight_max, weight_last, weight_last_time,
        weight_first, weight_first_time, temperature_n, temperature_sum, humidity_n, humidity_sum
        FROM readings_daily WHERE controller_id = ${controllerId}`,
      recomputedDaily(controllerId, timeZone),
    ),
  );
  return [
    ...hourly.rows.map((r) => ({ table: 'hourly' as const, ...r })),
    ...daily.rows.map((r) => ({ table: 'daily' as const, ...r })),
  ];
}

/** Recomputes both rollups of one controller from its raw readings (repair after a manual data fix). */
export async function rebuildRollups(db: Db, controllerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const tz = await tx.execute<{ time_zone: string }>(
      sql`SELECT time_zone FROM controllers WHERE id = ${controllerId} FOR UPDATE`,
    );
    const timeZone = tz.rows[0]?.time_zone ?? 'UTC';
    await tx.execute(sql`DELETE FROM readings_hourly WHERE controller_id = ${controllerId}`);
    await tx.execute(sql`DELETE FROM readings_daily WHERE controller_id = ${controllerId}`);
    await tx.execute(sql`INSERT INTO readings_hourly (controller_id, channel, hour, n, weight_n, weight_sum, weight_min,
      weight_max, weight_last, weight_last_time, temperature_n, temperature_sum, humidity_n, humidity_sum)
      SELECT ${controllerId}, channel, k, n, weight_n, weight_sum, weight_min, weight_max, weight_last, weight_last_time,
        temperature_n, temperature_sum, humidity_n, humidity_sum FROM (${recomputedHourly(controllerId)}) r`);
    await tx.execute(sql`INSERT INTO readings_daily (controller_id, channel, day, n, weight_n, weight_sum, weight_min,
      weight_max, weight_first, weight_first_time, weight_last, weight_last_time, temperature_n, temperature_sum,
      humidity_n, humidity_sum)
      SELECT ${controllerId}, channel, k, n, weight_n, weight_sum, weight_min, weight_max, weight_first, weight_first_time,
        weight_last, weight_last_time, temperature_n, temperature_sum, humidity_n, humidity_sum
      FROM (${recomputedDaily(controllerId, timeZone)}) r`);
  });
}
