import { sql, type SQL } from 'drizzle-orm';
import type { AlarmType, NotificationType } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';

/** A controller's alarm settings row, or the defaults (docs/alarms.md "Settings"). */
export type AlarmSettingsRow = {
  types: NotificationType[];
  alarmFromMinute: number;
  alarmToMinute: number;
  remainingNotifications: number;
};

export async function alarmSettings(db: Queryable, controllerId: number): Promise<AlarmSettingsRow | null> {
  const res = await db.execute<{
    types: NotificationType[] | null;
    alarm_from_minute: number | null;
    alarm_to_minute: number | null;
    remaining_notifications: number;
  }>(sql`
    SELECT s.types, s.alarm_from_minute, s.alarm_to_minute, c.remaining_notifications
    FROM controllers c LEFT JOIN controller_alarm_settings s ON s.controller_id = c.id
    WHERE c.id = ${controllerId}`);
  const r = res.rows[0];
  if (!r) return null;
  return {
    types: r.types ?? ['swarm', 'disturbance', 'activity'],
    alarmFromMinute: r.alarm_from_minute ?? 540,
    alarmToMinute: r.alarm_to_minute ?? 1140,
    remainingNotifications: r.remaining_notifications,
  };
}

export async function saveAlarmTypes(db: Queryable, controllerId: number, types: NotificationType[]) {
  await db.execute(sql`
    INSERT INTO controller_alarm_settings (controller_id, types)
    VALUES (${controllerId}, ${sql.param(types)}::text[])
    ON CONFLICT (controller_id) DO UPDATE SET types = excluded.types`);
}

/** Running mutes of a controller at `now`. */
export async function runningMutes(db: Queryable, controllerId: number, now: Date) {
  const res = await db.execute<{ type: NotificationType; until: Date | string }>(sql`
    SELECT type, until FROM notification_mutes
    WHERE controller_id = ${controllerId} AND until > ${now.toISOString()}::timestamptz ORDER BY type`);
  return res.rows.map((r) => ({ type: r.type, until: new Date(r.until) }));
}

export async function setMute(db: Queryable, controllerId: number, type: NotificationType, until: Date) {
  await db.execute(sql`
    INSERT INTO notification_mutes (controller_id, type, until)
    VALUES (${controllerId}, ${type}, ${until.toISOString()})
    ON CONFLICT (controller_id, type) DO UPDATE SET until = excluded.until`);
}

export async function clearMute(db: Queryable, controllerId: number, type: NotificationType) {
  await db.execute(
    sql`DELETE FROM notification_mutes WHERE controller_id = ${controllerId} AND type = ${type}`,
  );
}

/** One event with the names a person reads. */
export type EventRow = {
  id: number;
  controllerId: number;
  controllerName: string;
  timeZone: string;
  channel: number | null;
  scaleId: number | null;
  scaleName: string | null;
  type: AlarmType;
  time: Date;
  detectedAt: Date;
  delta: number | null;
  delivery: 'pending' | 'sent' | 'muted' | 'stale' | 'off' | 'failed' | 'none';
};

type RawEvent = {
  id: string | number;
  controller_id: number;
  controller_name: string;
  time_zone: string;
  channel: number | null;
  scale_id: number | null;
  scale_name: string | null;
  type: AlarmType;
  time: Date | string;
  detected_at: Date | string;
  delta: number | null;
  delivery: EventRow['delivery'];
};

const toEvent = (r: RawEvent): EventRow => ({
  id: Number(r.id),
  controllerId: r.controller_id,
  controllerName: r.controller_name,
  timeZone: r.time_zone,
  channel: r.channel,
  scaleId: r.scale_id,
  scaleName: r.scale_name,
  type: r.type,
  time: new Date(r.time),
  detectedAt: new Date(r.detected_at),
  delta: r.delta,
  delivery: r.delivery,
});

async function eventsWhere(db: Queryable, where: SQL, limit: number, order: SQL): Promise<EventRow[]> {
  const res = await db.execute<RawEvent>(sql`
    SELECT e.id, e.controller_id, c.name AS controller_name, c.time_zone, e.channel, e.scale_id,
      s.name AS scale_name, e.type, e.time, e.detected_at, e.delta, e.delivery
    FROM alarm_events e
    JOIN controllers c ON c.id = e.controller_id
    LEFT JOIN scales s ON s.id = e.scale_id
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${limit}`);
  return res.rows.map(toEvent);
}

/** Events of these controllers between `from` and `to`, newest first. */
export function eventsOfControllers(
  db: Queryable,
  controllerIds: number[],
  from: Date,
  to: Date,
  limit: number,
): Promise<EventRow[]> {
  if (controllerIds.length === 0) return Promise.resolve([]);
  return eventsWhere(
    db,
    sql`e.controller_id = ANY(${sql.param(controllerIds)}::int[])
      AND e.time >= ${from.toISOString()}::timestamptz AND e.time <= ${to.toISOString()}::timestamptz`,
    limit,
    sql`e.time DESC, e.id DESC`,
  );
}

/**
 * One page of all events for the admin, newest id first (keyset: `before` is the last id of the previous
 * page), optionally of one type or controller.
 */
export function eventPage(
  db: Queryable,
  filter: { type?: AlarmType; controllerId?: number; before?: number },
  limit: number,
): Promise<EventRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (filter.type) conditions.push(sql`e.type = ${filter.type}`);
  if (filter.controllerId) conditions.push(sql`e.controller_id = ${filter.controllerId}`);
  if (filter.before) conditions.push(sql`e.id < ${filter.before}`);
  return eventsWhere(db, sql.join(conditions, sql` AND `), limit, sql`e.id DESC`);
}

/** One event by id, or undefined. */
export async function eventById(db: Queryable, id: number): Promise<EventRow | undefined> {
  return (await eventsWhere(db, sql`e.id = ${id}`, 1, sql`e.id`))[0];
}

export async function deleteEvent(db: Queryable, id: number): Promise<boolean> {
  const res = await db.execute<{ id: number }>(sql`DELETE FROM alarm_events WHERE id = ${id} RETURNING id`);
  return res.rows.length > 0;
}

/** The admin's reset: the SMS budget back to `count`, and the "budget used up" notice may come again. */
export async function resetNotificationCount(db: Queryable, controllerId: number, count: number) {
  const res = await db.execute<{ id: number }>(sql`
    UPDATE controllers SET remaining_notifications = ${count} WHERE id = ${controllerId} RETURNING id`);
  await db.execute(sql`
    UPDATE controller_alarm_settings SET budget_exhausted_at = NULL WHERE controller_id = ${controllerId}`);
  return res.rows.length > 0;
}
