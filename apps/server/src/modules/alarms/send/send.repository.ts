import { sql } from 'drizzle-orm';
import type { AlarmSeen, AlarmType, ChannelType } from '@hivescope/contract';
import type { Queryable } from '../../../db/queryable';
import {
  claimDue,
  markFailed,
  markSent,
  scheduleRetry as scheduleOutboxRetry,
} from '../../../db/channel-outbox';

/** A delivery taken for one send attempt, with everything its message needs. */
export type ClaimedDelivery = {
  eventId: number;
  channelId: number;
  /** attempts including this one */
  attempts: number;
  type: AlarmType;
  time: Date;
  delta: number | null;
  seen: AlarmSeen | null;
  controllerId: number;
  controllerName: string;
  timeZone: string;
  scaleId: number | null;
  scaleName: string | null;
  channelType: ChannelType;
  address: string;
  /** the channel owner's language (users.locale, unchecked) */
  locale: string;
  /** the controller's owner, told by mail when the SMS budget is used up */
  ownerEmail: string | null;
  ownerLocale: string | null;
};

type Row = {
  event_id: number;
  channel_id: number;
  attempts: number;
  type: AlarmType;
  time: Date | string;
  delta: number | null;
  seen: AlarmSeen | null;
  controller_id: number;
  controller_name: string;
  time_zone: string;
  scale_id: number | null;
  scale_name: string | null;
  channel_type: ChannelType;
  address: string;
  locale: string;
  owner_email: string | null;
  owner_locale: string | null;
};

/**
 * Takes up to `limit` due pending deliveries for one attempt each (docs/alarms.md "Sending"; the lease and
 * SKIP LOCKED in db/channel-outbox.ts).
 */
export async function claimDueDeliveries(
  db: Queryable,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const res = await db.execute<Row>(sql`
    ${claimDue('alarm', limit, leaseMs)}
    SELECT cl.id AS event_id, cl.channel_id, cl.attempts, e.type, e.time, e.delta, e.seen, e.controller_id,
           c.name AS controller_name, c.time_zone, e.scale_id, s.name AS scale_name,
           ch.type AS channel_type, ch.address, u.locale, o.email AS owner_email, o.locale AS owner_locale
    FROM claimed cl
    JOIN alarm_events e ON e.id = cl.id
    JOIN controllers c ON c.id = e.controller_id
    LEFT JOIN scales s ON s.id = e.scale_id
    JOIN notification_channels ch ON ch.id = cl.channel_id
    JOIN users u ON u.id = ch.user_id
    LEFT JOIN users o ON o.id = c.owner_id
    ORDER BY e.id, cl.channel_id`);
  return res.rows.map((r) => ({
    eventId: Number(r.event_id),
    channelId: r.channel_id,
    attempts: r.attempts,
    type: r.type,
    time: new Date(r.time),
    delta: r.delta,
    seen: r.seen,
    controllerId: r.controller_id,
    controllerName: r.controller_name,
    timeZone: r.time_zone,
    scaleId: r.scale_id,
    scaleName: r.scale_name,
    channelType: r.channel_type,
    address: r.address,
    locale: r.locale,
    ownerEmail: r.owner_email,
    ownerLocale: r.owner_locale,
  }));
}

type Key = { eventId: number; channelId: number };
const outboxKey = (key: Key) => ({ id: key.eventId, channelId: key.channelId });

/** The provider accepted the message: the delivery is sent (never taken again) and the channel works. */
export async function markDeliverySent(db: Queryable, key: Key): Promise<void> {
  await markSent(db, 'alarm', outboxKey(key));
  await db.execute(sql`
    UPDATE notification_channels
    SET status = CASE WHEN status = 'failing' THEN 'active' ELSE status END, failures = 0, last_error = NULL
    WHERE id = ${key.channelId}`);
}

/** A failed attempt with tries left: the next one after `delayMs`; the channel counts the failure. */
export async function scheduleRetry(db: Queryable, key: Key, delayMs: number, error: string): Promise<void> {
  await scheduleOutboxRetry(db, 'alarm', outboxKey(key), delayMs, error);
  await db.execute(sql`
    UPDATE notification_channels SET failures = least(failures + 1, 32767) WHERE id = ${key.channelId}`);
}

/**
 * The delivery is given up. `channelFailing`: after repeated failure the channel is marked failing with the
 * reason (a refused SMS for lack of budget is no fault of the channel).
 */
export async function markDeliveryFailed(
  db: Queryable,
  key: Key,
  error: string,
  channelFailing: boolean,
): Promise<void> {
  await markFailed(db, 'alarm', outboxKey(key), error);
  if (channelFailing)
    await db.execute(sql`
      UPDATE notification_channels
      SET status = 'failing', last_error = ${error}, failures = least(failures + 1, 32767)
      WHERE id = ${key.channelId} AND status <> 'pending'`);
}

/** The event is sent once any of its deliveries was sent, failed once all of them failed. */
export async function refreshEventDelivery(db: Queryable, eventId: number): Promise<void> {
  await db.execute(sql`
    UPDATE alarm_events e SET delivery = CASE
      WHEN EXISTS (SELECT 1 FROM alarm_deliveries d WHERE d.event_id = e.id AND d.status = 'sent') THEN 'sent'
      WHEN NOT EXISTS (SELECT 1 FROM alarm_deliveries d WHERE d.event_id = e.id AND d.status <> 'failed')
        THEN 'failed'
      ELSE e.delivery END
    WHERE e.id = ${eventId} AND e.delivery IN ('pending', 'failed')`);
}

/** Uses one SMS of the controller's budget; null when none is left (never below zero). */
export async function takeSmsUnit(db: Queryable, controllerId: number): Promise<number | null> {
  const res = await db.execute<{ remaining: number }>(sql`
    UPDATE controllers SET remaining_notifications = remaining_notifications - 1
    WHERE id = ${controllerId} AND remaining_notifications > 0
    RETURNING remaining_notifications AS remaining`);
  return res.rows[0]?.remaining ?? null;
}

/** Gives back the unit of an SMS the provider did not accept. */
export async function returnSmsUnit(db: Queryable, controllerId: number): Promise<void> {
  await db.execute(sql`
    UPDATE controllers SET remaining_notifications = remaining_notifications + 1 WHERE id = ${controllerId}`);
}

/**
 * Marks the budget as used up and answers whether this call did it (then the owner is told; a reset clears
 * the mark). The settings row is created when missing.
 */
export async function claimBudgetNotice(db: Queryable, controllerId: number): Promise<Date | null> {
  const res = await db.execute<{ at: Date | string }>(sql`
    INSERT INTO controller_alarm_settings (controller_id, budget_exhausted_at)
    VALUES (${controllerId}, date_trunc('milliseconds', now()))
    ON CONFLICT (controller_id) DO UPDATE SET budget_exhausted_at = excluded.budget_exhausted_at
    WHERE controller_alarm_settings.budget_exhausted_at IS NULL
    RETURNING budget_exhausted_at AS at`);
  const at = res.rows[0]?.at;
  return at === undefined ? null : new Date(at);
}

/** The notice could not be sent: the next SMS refused for the budget tries again. */
export async function releaseBudgetNotice(db: Queryable, controllerId: number, at: Date): Promise<void> {
  await db.execute(sql`
    UPDATE controller_alarm_settings SET budget_exhausted_at = NULL
    WHERE controller_id = ${controllerId} AND budget_exhausted_at = ${at.toISOString()}::timestamptz`);
}
