import { sql } from 'drizzle-orm';
import {
  ANSWERABLE_ALARM_TYPES,
  type AlarmAnswer,
  type AlarmType,
  type AnswerableAlarmType,
} from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';

/** The answers to alarms (docs/alarms.md "Answers"), table `alarm_answers`: one per event. */

/** The owner's answer in the app: recorded, or replacing the earlier one (from the app or the mail). */
export async function saveAppAnswer(db: Queryable, eventId: number, answer: AlarmAnswer, userId: number) {
  await db.execute(sql`
    INSERT INTO alarm_answers (event_id, answer, user_id, via)
    VALUES (${eventId}, ${answer}, ${userId}, 'app')
    ON CONFLICT (event_id) DO UPDATE
      SET answer = excluded.answer, user_id = excluded.user_id, via = 'app', answered_at = now()`);
}

/** The mail link's answer: recorded only while the event has none (the link is single use); false otherwise. */
export async function saveMailAnswer(db: Queryable, eventId: number, answer: AlarmAnswer): Promise<boolean> {
  const res = await db.execute<{ event_id: string }>(sql`
    INSERT INTO alarm_answers (event_id, answer, via) VALUES (${eventId}, ${answer}, 'mail')
    ON CONFLICT (event_id) DO NOTHING RETURNING event_id`);
  return res.rows.length > 0;
}

/** Answers per event type: how many said yes and how many no, over every controller. */
export async function answerCounts(db: Queryable): Promise<{ type: AlarmType; yes: number; no: number }[]> {
  const res = await db.execute<{ type: AlarmType; yes: string; no: string }>(sql`
    SELECT e.type, count(*) FILTER (WHERE a.answer = 'yes') AS yes, count(*) FILTER (WHERE a.answer = 'no') AS no
    FROM alarm_answers a JOIN alarm_events e ON e.id = a.event_id
    GROUP BY e.type`);
  return res.rows.map((r) => ({ type: r.type, yes: Number(r.yes), no: Number(r.no) }));
}

/** One event answered "no": a false alarm the detectors may learn from. */
export type FalseAlarm = { scaleId: number; type: AnswerableAlarmType; time: Date; delta: number | null };

/**
 * The calibration read for the detectors (docs/alarms.md "Answers"): the events of these scales, of these
 * types (by default every answerable one: swarm, disturbance, removed), with a reading time at or after
 * `since`, that the beekeeper answered "no"; by scale, oldest first. Not yet called by the detectors.
 */
export async function falseAlarmsOfScales(
  db: Queryable,
  scaleIds: number[],
  since: Date,
  types: readonly AnswerableAlarmType[] = ANSWERABLE_ALARM_TYPES,
): Promise<FalseAlarm[]> {
  if (scaleIds.length === 0 || types.length === 0) return [];
  const res = await db.execute<{
    scale_id: number;
    type: AnswerableAlarmType;
    time: Date | string;
    delta: number | null;
  }>(sql`
    SELECT e.scale_id, e.type, e.time, e.delta
    FROM alarm_answers a JOIN alarm_events e ON e.id = a.event_id
    WHERE a.answer = 'no'
      AND e.scale_id = ANY(${sql.param(scaleIds)}::int[])
      AND e.type = ANY(${sql.param([...types])}::text[])
      AND e.time >= ${since.toISOString()}::timestamptz
    ORDER BY e.scale_id, e.time`);
  return res.rows.map((r) => ({ scaleId: r.scale_id, type: r.type, time: new Date(r.time), delta: r.delta }));
}
