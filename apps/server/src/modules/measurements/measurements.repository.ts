import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import type { ChannelWindow, LatestValue, MidnightWeight } from './measurements.types';

/**
 * Current and midnight values of scale windows. Every lookup is one LATERAL index probe per window on the
 * readings primary key (controller_id, channel, time): no cross-controller scan (Citus-friendly).
 */

/** The windows as a derived table `w` (id, controller_id, channel, from_time, to_time). */
function windowsTable(windows: ChannelWindow[]) {
  return sql`unnest(
      ${sql.param(windows.map((w) => w.id))}::int[],
      ${sql.param(windows.map((w) => w.controllerId))}::int[],
      ${sql.param(windows.map((w) => w.channel))}::int[],
      ${sql.param(windows.map((w) => w.from.toISOString()))}::timestamptz[],
      ${sql.param(windows.map((w) => w.to?.toISOString() ?? null))}::timestamptz[]
    ) AS w(id, controller_id, channel, from_time, to_time)`;
}

type LatestRow = Omit<LatestValue, 'time'> & { time: string | Date };

/** The newest reading (any value) of each window; windows without readings are absent. */
export async function latestValues(db: Queryable, windows: ChannelWindow[]): Promise<LatestValue[]> {
  if (windows.length === 0) return [];
  const res = await db.execute<LatestRow>(sql`
    SELECT w.id, r.time, r.weight, r.temperature, r.humidity
    FROM ${windowsTable(windows)}
    CROSS JOIN LATERAL (
      SELECT rd.time, rd.weight, rd.temperature, rd.humidity FROM readings rd
      WHERE rd.controller_id = w.controller_id AND rd.channel = w.channel AND rd.time >= w.from_time
        AND (w.to_time IS NULL OR rd.time <= w.to_time)
      ORDER BY rd.time DESC LIMIT 1
    ) r`);
  return res.rows.map((r) => ({ ...r, time: new Date(r.time) }));
}

/** The last local midnight at or before `now` in `timeZone`, as SQL (PostgreSQL does DST). */
const midnightIn = (timeZone: string, now: Date) =>
  sql`(date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;

/** The last local midnight at or before `now` in `timeZone`, as a UTC instant (PostgreSQL does DST). */
export async function localMidnight(db: Queryable, timeZone: string, now: Date): Promise<Date> {
  const res = await db.execute<{ midnight: Date }>(sql`SELECT ${midnightIn(timeZone, now)} AS midnight`);
  const row = res.rows[0];
  if (!row) throw new Error('midnight query returned no row');
  return new Date(row.midnight);
}

type MidnightRow = { id: number; time: string | Date | null; weight: number | null };

/** Each window's weight at the instant `m` (SQL): the rows of weightsAtMidnight, unordered. */
function weightsAt(windows: ChannelWindow[], m: SQL, now: Date) {
  return sql`
    SELECT w.id, coalesce(b.time, a.time) AS time,
           CASE WHEN b.time IS NOT NULL THEN b.weight ELSE a.weight END AS weight
    FROM ${windowsTable(windows)}
    LEFT JOIN LATERAL (
      SELECT r.time, r.weight FROM readings r
      WHERE r.controller_id = w.controller_id AND r.channel = w.channel AND r.weight IS NOT NULL
        AND r.time >= w.from_time AND (w.to_time IS NULL OR r.time <= w.to_time) AND r.time <= ${m}
      ORDER BY r.time DESC LIMIT 1
    ) b ON true
    LEFT JOIN LATERAL (
      SELECT r.time, r.weight FROM readings r
      WHERE b.time IS NULL AND r.controller_id = w.controller_id AND r.channel = w.channel AND r.weight IS NOT NULL
        AND r.time >= w.from_time AND (w.to_time IS NULL OR r.time <= w.to_time)
        AND r.time > ${m} AND r.time <= ${now.toISOString()}::timestamptz
      ORDER BY r.time ASC LIMIT 1
    ) a ON true`;
}

/** One entry per window, in the order given (null time and weight where the window has none). */
function inWindowOrder(windows: ChannelWindow[], rows: MidnightRow[]): MidnightWeight[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return windows.map((w) => {
    const r = byId.get(w.id);
    return { id: w.id, time: r?.time ? new Date(r.time) : null, weight: r?.weight ?? null };
  });
}

/**
 * Each window's weight at `midnight`: the last weight reading at or before it (inside the window), else the
 * first weight reading after it up to `now` (a scale set up today starts from its first weight). Every window
 * gets a row, in the order given.
 */
export async function weightsAtMidnight(
  db: Queryable,
  windows: ChannelWindow[],
  midnight: Date,
  now: Date,
): Promise<MidnightWeight[]> {
  if (windows.length === 0) return [];
  const res = await db.execute<MidnightRow>(
    weightsAt(windows, sql`${midnight.toISOString()}::timestamptz`, now),
  );
  return inWindowOrder(windows, res.rows);
}

/**
 * The last local midnight at or before `now` in `timeZone` and each window's weight then (as
 * weightsAtMidnight), in one statement: the dashboard asks this for every controller it shows.
 */
export async function midnightAndWeights(
  db: Queryable,
  windows: ChannelWindow[],
  timeZone: string,
  now: Date,
): Promise<{ midnight: Date; weights: MidnightWeight[] }> {
  const res = await db.execute<MidnightRow & { midnight: string | Date }>(sql`
    SELECT m.midnight, x.id, x.time, x.weight
    FROM (SELECT ${midnightIn(timeZone, now)} AS midnight) m
    LEFT JOIN LATERAL (${weightsAt(windows, sql`m.midnight`, now)}) x ON true`);
  const first = res.rows[0];
  if (!first) throw new Error('midnight query returned no row');
  const rows = res.rows.filter((r) => r.id !== null);
  return { midnight: new Date(first.midnight), weights: inWindowOrder(windows, rows) };
}
