import { sql } from 'drizzle-orm';
import {
  DEFAULT_ALARM_FROM_MINUTE,
  DEFAULT_ALARM_TO_MINUTE,
  DEFAULT_NOTIFICATION_TYPES,
  type AlarmSeen,
  type AlarmType,
  type NotificationType,
} from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';

/**
 * A controller with readings the detectors have not seen (docs/alarms.md "Pipeline"). `markedAt` is the mark's
 * time exactly as PostgreSQL prints it: it has microseconds, a JavaScript Date only milliseconds, and
 * clearDirty must match it exactly.
 */
export type DirtyMark = { controllerId: number; since: Date; markedAt: string };

/** The oldest marks first, at most `limit`. */
export async function dirtyMarks(db: Queryable, limit: number): Promise<DirtyMark[]> {
  const res = await db.execute<{ controller_id: number; since: Date | string; marked_at: string }>(sql`
    SELECT controller_id, since, marked_at::text AS marked_at FROM alarm_dirty ORDER BY alarm_dirty.marked_at
    LIMIT ${limit}`);
  return res.rows.map((r) => ({
    controllerId: r.controller_id,
    since: new Date(r.since),
    markedAt: r.marked_at,
  }));
}

/** Marks a controller for detection from `since` (a scale's history added after the fact). */
export async function markDirty(db: Queryable, controllerId: number, since: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO alarm_dirty AS a (controller_id, since) VALUES (${controllerId}, ${since.toISOString()})
    ON CONFLICT (controller_id) DO UPDATE SET since = least(a.since, excluded.since), marked_at = now()`);
}

/**
 * Removes the mark unless new readings marked the controller again meanwhile (then `marked_at` moved on and
 * the next run analyses them): no lock is held while detecting, so ingest never waits for the detectors.
 */
export async function clearDirty(db: Queryable, mark: DirtyMark): Promise<void> {
  await db.execute(sql`
    DELETE FROM alarm_dirty WHERE controller_id = ${mark.controllerId}
      AND marked_at = ${mark.markedAt}::timestamptz`);
}

/**
 * Moves a mark on to `since` (a run analysed the readings before it) and to the back of the queue, unless new
 * readings renewed it meanwhile: then it stays as it is, and the next run starts where this one did.
 */
export async function moveDirty(db: Queryable, mark: DirtyMark, since: Date): Promise<void> {
  await db.execute(sql`
    UPDATE alarm_dirty SET since = ${since.toISOString()}::timestamptz, marked_at = now()
    WHERE controller_id = ${mark.controllerId} AND marked_at = ${mark.markedAt}::timestamptz`);
}

/**
 * What detection needs to know about a controller; defaults where no settings row exists. When its primary
 * region has an alarm window, that window and the region's fixed UTC offset as zone (docs/regions.md).
 */
export type AlarmTarget = {
  id: number;
  ownerId: number | null;
  timeZone: string;
  types: NotificationType[];
  alarmFromMinute: number;
  alarmToMinute: number;
  /** Running mutes: notification type → end. */
  mutes: Map<NotificationType, Date>;
};

export async function alarmTarget(db: Queryable, id: number, now: Date): Promise<AlarmTarget | null> {
  const res = await db.execute<{
    id: number;
    owner_id: number | null;
    time_zone: string;
    types: NotificationType[] | null;
    alarm_from_minute: number | null;
    alarm_to_minute: number | null;
    mutes: { type: NotificationType; until: string }[] | null;
    region_from: number | null;
    region_to: number | null;
    region_offset: number | null;
  }>(sql`
    SELECT c.id, c.owner_id, c.time_zone, s.types, s.alarm_from_minute, s.alarm_to_minute,
      rg.alarm_from_minute AS region_from, rg.alarm_to_minute AS region_to, rg.utc_offset_hours AS region_offset,
      (SELECT json_agg(json_build_object('type', m.type, 'until', m.until)) FROM notification_mutes m
        WHERE m.controller_id = c.id AND m.until > ${now.toISOString()}::timestamptz) AS mutes
    FROM controllers c LEFT JOIN controller_alarm_settings s ON s.controller_id = c.id
      LEFT JOIN regions rg ON rg.id = c.region_primary_id
    WHERE c.id = ${id}`);
  const r = res.rows[0];
  if (!r) return null;
  const region = r.region_from !== null && r.region_to !== null;
  return {
    id: r.id,
    ownerId: r.owner_id,
    timeZone: region ? fixedOffsetZone(r.region_offset ?? 0) : r.time_zone,
    types: r.types ?? [...DEFAULT_NOTIFICATION_TYPES],
    alarmFromMinute: region ? r.region_from! : (r.alarm_from_minute ?? DEFAULT_ALARM_FROM_MINUTE),
    alarmToMinute: region ? r.region_to! : (r.alarm_to_minute ?? DEFAULT_ALARM_TO_MINUTE),
    mutes: new Map((r.mutes ?? []).map((m) => [m.type, new Date(m.until)])),
  };
}

/** The IANA zone of a whole-hour UTC offset: POSIX signs are inverted, `Etc/GMT-2` is UTC+2. */
export function fixedOffsetZone(hours: number): string {
  if (hours === 0) return 'Etc/GMT';
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}

export type Delivery = 'pending' | 'muted' | 'stale' | 'off' | 'none';

/** An event to record, with what should happen to it. */
export type NewEvent = {
  scaleId: number | null;
  channel: number | null;
  type: AlarmType;
  time: Date;
  delta: number | null;
  /** What a swarm or disturbance alarm saw (docs/alarms.md "Explanations"). */
  seen?: AlarmSeen | null;
  delivery: Delivery;
};

/**
 * Records the events that are new (key: controller, scale, type, time) and, for the new ones to send, one
 * pending delivery per active channel of the owner, in one statement. Answers how many deliveries it queued.
 */
export async function recordEvents(
  db: Queryable,
  controllerId: number,
  ownerId: number | null,
  events: NewEvent[],
): Promise<{ recorded: number; deliveries: number }> {
  if (events.length === 0) return { recorded: 0, deliveries: 0 };
  const res = await db.execute<{ recorded: number; deliveries: number }>(sql`
    WITH src AS (
      SELECT * FROM unnest(
        ${sql.param(events.map((e) => e.scaleId))}::int[],
        ${sql.param(events.map((e) => e.channel))}::smallint[],
        ${sql.param(events.map((e) => e.type))}::text[],
        ${sql.param(events.map((e) => e.time.toISOString()))}::timestamptz[],
        ${sql.param(events.map((e) => e.delta))}::real[],
        ${sql.param(events.map((e) => (e.seen ? JSON.stringify(e.seen) : null)))}::jsonb[],
        ${sql.param(events.map((e) => e.delivery))}::text[]
      ) AS u(scale_id, channel, type, time, delta, seen, delivery)
    ),
    ins AS (
      INSERT INTO alarm_events (controller_id, scale_id, channel, type, time, delta, seen, delivery)
      SELECT ${controllerId}, scale_id, channel, type, time, delta, seen, delivery FROM src
      ON CONFLICT ON CONSTRAINT alarm_events_key_uq DO NOTHING
      RETURNING id, delivery
    ),
    dlv AS (
      INSERT INTO alarm_deliveries (event_id, channel_id)
      SELECT ins.id, ch.id FROM ins JOIN notification_channels ch
        ON ch.user_id = ${ownerId} AND ch.status <> 'pending'
      WHERE ins.delivery = 'pending'
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins)::int AS recorded, (SELECT count(*) FROM dlv)::int AS deliveries`);
  return res.rows[0] ?? { recorded: 0, deliveries: 0 };
}

/** Whether the user has a channel alarms can go to (confirmed; failing ones are still tried). */
export async function hasActiveChannel(db: Queryable, userId: number): Promise<boolean> {
  const res = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM notification_channels WHERE user_id = ${userId} AND status <> 'pending'`);
  return (res.rows[0]?.n ?? 0) > 0;
}

/** A controller-level alarm candidate: the controller and the event's key time (and a value). */
export type DeviceCandidate = { controllerId: number; time: Date; delta: number | null };

const candidates = (rows: { id: number; time: Date | string; delta: number | null }[]) =>
  rows.map((r) => ({ controllerId: r.id, time: new Date(r.time), delta: r.delta }));

/**
 * Owned, subscribed controllers silent for twice their update interval plus an hour; the key time is their
 * last report, so one silence gives one event however often this runs.
 */
export async function silentControllers(db: Queryable, now: Date): Promise<DeviceCandidate[]> {
  const res = await db.execute<{ id: number; time: Date; delta: null }>(sql`
    SELECT c.id, c.last_update AS time, NULL::real AS delta FROM controllers c
    WHERE c.owner_id IS NOT NULL AND c.last_update IS NOT NULL
      AND c.subscription_end > ${now.toISOString()}::timestamptz
      AND c.last_update < ${now.toISOString()}::timestamptz - (2 * c.update_interval + 1) * interval '1 hour'
      AND NOT EXISTS (SELECT 1 FROM alarm_events e WHERE e.controller_id = c.id AND e.scale_id IS NULL
        AND e.type = 'silent' AND e.time = c.last_update)`);
  return candidates(res.rows);
}

/**
 * Battery state: controllers reporting below `low` volts get `battery_low_since` (kept while low: the battery
 * alarm's key), those back at `recovered` or above lose it. Answers the low ones.
 */
export async function lowBatteryControllers(
  db: Queryable,
  low: number,
  recovered: number,
): Promise<DeviceCandidate[]> {
  await db.execute(sql`
    UPDATE controller_alarm_settings s SET battery_low_since = NULL FROM controllers c
    WHERE c.id = s.controller_id AND s.battery_low_since IS NOT NULL AND c.voltage >= ${recovered}`);
  const res = await db.execute<{ id: number; time: Date; delta: number }>(sql`
    INSERT INTO controller_alarm_settings AS s (controller_id, battery_low_since)
    SELECT c.id, c.last_update FROM controllers c
    WHERE c.owner_id IS NOT NULL AND c.voltage IS NOT NULL AND c.voltage < ${low} AND c.last_update IS NOT NULL
    ORDER BY c.id
    ON CONFLICT (controller_id) DO UPDATE
      SET battery_low_since = coalesce(s.battery_low_since, excluded.battery_low_since)
    RETURNING s.controller_id AS id, s.battery_low_since AS time,
      (SELECT voltage FROM controllers WHERE id = s.controller_id) AS delta`);
  return candidates(res.rows);
}

/** Owned controllers whose subscription ends within `days`; the key time is the end, so one per end date. */
export async function expiringSubscriptions(
  db: Queryable,
  now: Date,
  days: number,
): Promise<DeviceCandidate[]> {
  const res = await db.execute<{ id: number; time: Date; delta: null }>(sql`
    SELECT c.id, c.subscription_end AS time, NULL::real AS delta FROM controllers c
    WHERE c.owner_id IS NOT NULL AND c.subscription_end > ${now.toISOString()}::timestamptz
      AND c.subscription_end <= ${now.toISOString()}::timestamptz + ${days} * interval '1 day'
      AND NOT EXISTS (SELECT 1 FROM alarm_events e WHERE e.controller_id = c.id AND e.scale_id IS NULL
        AND e.type = 'subscription' AND e.time = c.subscription_end)`);
  return candidates(res.rows);
}
