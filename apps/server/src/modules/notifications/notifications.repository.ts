import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_ALARM_FROM_MINUTE,
  DEFAULT_ALARM_TO_MINUTE,
  DEFAULT_NOTIFICATION_TYPES,
  type AdminEventListSort,
  type AlarmAnswer,
  type AlarmDelivery,
  type AlarmSeen,
  type AlarmType,
  type NotificationType,
  type SortOrder,
} from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { alarmAnswers, alarmEvents, controllers, scales } from '../../db/schema';
import { keyset, searchAll, type SortColumn } from '../../db/keyset';
import type { Cursor } from '../../lib/list-cursor';

/** A controller's alarm settings row, or the defaults (docs/alarms.md "Types": the types chosen; "Regions": the window). */
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
    types: r.types ?? [...DEFAULT_NOTIFICATION_TYPES],
    alarmFromMinute: r.alarm_from_minute ?? DEFAULT_ALARM_FROM_MINUTE,
    alarmToMinute: r.alarm_to_minute ?? DEFAULT_ALARM_TO_MINUTE,
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
  /** What a swarm or disturbance alarm saw (docs/alarms.md "Explanations"). */
  seen: AlarmSeen | null;
  delivery: AlarmDelivery;
  /** The controller's owner (null: unclaimed): who may answer it (docs/alarms.md "Answers"). */
  ownerId: number | null;
  answer: AlarmAnswer | null;
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
  seen: AlarmSeen | null;
  delivery: EventRow['delivery'];
  owner_id: number | null;
  answer: AlarmAnswer | null;
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
  seen: r.seen,
  delivery: r.delivery,
  ownerId: r.owner_id,
  answer: r.answer,
});

async function eventsWhere(db: Queryable, where: SQL, limit: number, order: SQL): Promise<EventRow[]> {
  const res = await db.execute<RawEvent>(sql`
    SELECT e.id, e.controller_id, c.name AS controller_name, c.time_zone, e.channel, e.scale_id,
      s.name AS scale_name, e.type, e.time, e.detected_at, e.delta, e.seen, e.delivery, c.owner_id, a.answer
    FROM alarm_events e
    JOIN controllers c ON c.id = e.controller_id
    LEFT JOIN scales s ON s.id = e.scale_id
    LEFT JOIN alarm_answers a ON a.event_id = e.id
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

const EVENT_SORTS: Record<AdminEventListSort, SortColumn> = {
  time: { column: alarmEvents.time, type: 'timestamptz' },
  detectedAt: { column: alarmEvents.detectedAt, type: 'timestamptz' },
};
export const eventSortType = (sort: AdminEventListSort) => EVENT_SORTS[sort].type;

export type EventPageQuery = {
  type?: AlarmType | undefined;
  controllerId?: number | undefined;
  delivery?: AlarmDelivery | undefined;
  words: string[];
  sort: AdminEventListSort;
  order: SortOrder;
  cursor: Cursor | undefined;
  limit: number;
};

/**
 * One page of every event for the admin, `limit + 1` rows (docs/api-conventions.md "Lists and pagination"),
 * filtered by type, controller and delivery, searched in the controller's and scale's names (a number: the
 * controller id).
 */
export async function eventPage(
  db: Queryable,
  q: EventPageQuery,
): Promise<(EventRow & { sortKey: string })[]> {
  const page = keyset(EVENT_SORTS[q.sort], alarmEvents.id, q.order, q.cursor);
  const search = searchAll(q.words, {
    contains: [controllers.name, scales.name],
    id: alarmEvents.controllerId,
  });
  return db
    .select({
      id: alarmEvents.id,
      controllerId: alarmEvents.controllerId,
      controllerName: controllers.name,
      timeZone: controllers.timeZone,
      channel: alarmEvents.channel,
      scaleId: alarmEvents.scaleId,
      scaleName: scales.name,
      type: alarmEvents.type,
      time: alarmEvents.time,
      detectedAt: alarmEvents.detectedAt,
      delta: alarmEvents.delta,
      seen: alarmEvents.seen,
      delivery: alarmEvents.delivery,
      ownerId: controllers.ownerId,
      answer: alarmAnswers.answer,
      sortKey: page.sortKey,
    })
    .from(alarmEvents)
    .innerJoin(controllers, eq(controllers.id, alarmEvents.controllerId))
    .leftJoin(scales, eq(scales.id, alarmEvents.scaleId))
    .leftJoin(alarmAnswers, eq(alarmAnswers.eventId, alarmEvents.id))
    .where(
      and(
        q.type === undefined ? undefined : eq(alarmEvents.type, q.type),
        q.controllerId === undefined ? undefined : eq(alarmEvents.controllerId, q.controllerId),
        q.delivery === undefined ? undefined : eq(alarmEvents.delivery, q.delivery),
        search,
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
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
