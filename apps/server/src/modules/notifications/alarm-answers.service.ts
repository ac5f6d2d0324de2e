import {
  ANSWERABLE_ALARM_TYPES,
  isAnswerableAlarmType,
  type AlarmAnswer,
  type AlarmAnswerView,
  type AlarmPrecision,
  type Locale,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/queryable';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { accessTo } from '../controllers/controller-access';
import { attemptCountingFailures, type Limit } from '../session/rate-limit';
import { answerCounts, falseAlarmsOfScales, saveAppAnswer, saveMailAnswer } from './alarm-answers.repository';
import { checkAnswerToken } from './answer-token';
import { eventText } from './event-text';
import { eventById, type EventRow } from './notifications.repository';

/**
 * Answers to alarms (docs/alarms.md "Answers"): the owner answers swarm, disturbance and removed events in the
 * app (and may change the answer there); the alarm mail's signed link answers once without a login.
 */

/** Failed uses of the mail's link per ip, as the channel confirmation link's (docs/alarms.md "Channels"). */
export const ANSWER_LINK_IP: Limit = { kind: 'alarmAnswer.ip', max: 30, windowMs: 3_600_000 };

const eventNotFound = () => new AppError(404, 'errors:eventNotFound');

/**
 * POST notification/events/{id}/answer. Only the controller's owner answers: they were at the hive. A watcher
 * is refused as read-only (403), managers and admins too (403: they read the controller, but an answer from
 * someone who was not there would spoil the precision); anyone else gets 404, as for an unknown event.
 */
export async function answerInApp(ctx: AppContext, auth: AuthContext, eventId: number, answer: AlarmAnswer) {
  const event = await eventById(ctx.db, eventId);
  if (!event) throw eventNotFound();
  const access = await accessTo(ctx.db, event.controllerId, auth);
  if (access === null) throw eventNotFound();
  if (access === 'watcher') throw new AppError(403, 'errors:readOnlyWatch');
  if (access !== 'owner') throw new AppError(403, 'errors:alarmAnswerOwnerOnly');
  if (!isAnswerableAlarmType(event.type)) throw new AppError(400, 'errors:alarmAnswerType');
  await saveAppAnswer(ctx.db, eventId, answer, auth.userId);
}

/** The answerable event a mail's token names: 400 when forged or malformed, expired; 404 when it is gone. */
async function tokenEvent(ctx: AppContext, token: string, now: Date) {
  const checked = checkAnswerToken(ctx.config.secretKey, token, now);
  if (!checked.ok)
    throw new AppError(
      400,
      checked.reason === 'expired' ? 'errors:alarmAnswerLinkExpired' : 'errors:alarmAnswerLinkInvalid',
    );
  const event = await eventById(ctx.db, checked.eventId);
  if (!event || !isAnswerableAlarmType(event.type)) throw eventNotFound();
  return { event, expiresAt: checked.expiresAt };
}

const viewOf = (locale: Locale, e: EventRow, expiresAt: Date): AlarmAnswerView => ({
  type: e.type,
  text: eventText(locale, e),
  time: e.time.toISOString(),
  answer: e.answer,
  expiresAt: expiresAt.toISOString(),
});

/** GET alarm-answer?token: what the link's page shows. Records nothing (mail scanners follow links). */
export async function viewByToken(ctx: AppContext, locale: Locale, token: string, now = new Date()) {
  const { event, expiresAt } = await tokenEvent(ctx, token, now);
  return viewOf(locale, event, expiresAt);
}

const countsAsFailure = (error: unknown) => error instanceof AppError && error.status !== 429;

/**
 * POST alarm-answer { token, answer }: the page's button. Records the answer only while the event has none
 * (409 `alarmAnswerAlready` otherwise, nothing changed). Failures count per ip (30 an hour, then 429).
 */
export async function answerByToken(
  ctx: AppContext,
  token: string,
  answer: AlarmAnswer,
  ip: string,
  now = new Date(),
): Promise<void> {
  await attemptCountingFailures(ctx.db, [[ANSWER_LINK_IP, ip]], countsAsFailure, async () => {
    const { event } = await tokenEvent(ctx, token, now);
    if (!(await saveMailAnswer(ctx.db, event.id, answer)))
      throw new AppError(409, 'errors:alarmAnswerAlready');
  });
}

/** GET admin/notifications/precision: per answerable type, yes, no and yes ÷ answered (null: no answer yet). */
export async function precisionByType(ctx: AppContext): Promise<AlarmPrecision> {
  const counts = new Map((await answerCounts(ctx.db)).map((c) => [c.type, c]));
  return ANSWERABLE_ALARM_TYPES.map((type) => {
    const { yes, no } = counts.get(type) ?? { yes: 0, no: 0 };
    return { type, yes, no, precision: yes + no === 0 ? null : yes / (yes + no) };
  });
}

/**
 * The swarm alarms of these scales since `since` that the beekeeper answered "no", for the detectors'
 * calibration (docs/alarms.md "Answers"); the alarm-detect job reads them with a bare database handle.
 */
export async function dismissedSwarmAlarms(db: Queryable, scaleIds: number[], since: Date) {
  return falseAlarmsOfScales(db, scaleIds, since, ['swarm']);
}
