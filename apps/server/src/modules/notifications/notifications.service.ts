import {
  MAX_MUTE_MS,
  type AdminAlarmEventQuery,
  type AlarmEvent,
  type AlarmEventPage,
  type AlarmEventQuery,
  type ControllerAlarmSettings,
  type Locale,
  type Mute,
  type NotificationType,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { decodeCursor, searchWords, toPage } from '../../lib/list-cursor';
import { ownAndWatchedIds, readableController, writableController } from '../controllers/controller-access';
import { toAlarmEvent } from './event-text';
import {
  alarmSettings,
  clearMute,
  deleteEvent,
  eventPage,
  eventById,
  eventSortType,
  eventsOfControllers,
  resetNotificationCount,
  runningMutes,
  saveAlarmTypes,
  setMute,
} from './notifications.repository';

/** The SMS budget an admin's reset restores (the controllers' default, docs/alarms.md "Sending"). */
export const NOTIFICATION_COUNT_RESET = 100;
const DAY_MS = 86_400_000;

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** GET notification/settings: anyone who may read the controller (watchers too: they see, never change). */
export async function getAlarmSettings(
  ctx: AppContext,
  auth: AuthContext,
  controllerId: number,
): Promise<ControllerAlarmSettings> {
  await readableController(ctx.db, controllerId, auth);
  const s = await alarmSettings(ctx.db, controllerId);
  if (!s) throw new AppError(404, 'errors:transmitterNotFound');
  return {
    controllerId,
    types: s.types,
    alarmFrom: hhmm(s.alarmFromMinute),
    alarmTo: hhmm(s.alarmToMinute),
    remainingNotifications: s.remainingNotifications,
  };
}

export async function setAlarmTypes(
  ctx: AppContext,
  auth: AuthContext,
  controllerId: number,
  types: NotificationType[],
) {
  await writableController(ctx.db, controllerId, auth);
  await saveAlarmTypes(ctx.db, controllerId, types);
}

export async function listMutes(ctx: AppContext, auth: AuthContext, controllerId: number): Promise<Mute[]> {
  await readableController(ctx.db, controllerId, auth);
  return (await runningMutes(ctx.db, controllerId, new Date())).map((m) => ({
    controllerId,
    notificationType: m.type,
    endDate: m.until.toISOString(),
  }));
}

/** POST notification/mute: the end must lie in the future and at most a day ahead. */
export async function mute(
  ctx: AppContext,
  auth: AuthContext,
  controllerId: number,
  type: NotificationType,
  end: Date,
  now = new Date(),
) {
  await writableController(ctx.db, controllerId, auth);
  const ahead = end.getTime() - now.getTime();
  if (ahead <= 0 || ahead > MAX_MUTE_MS) throw new AppError(400, 'errors:invalidMuteEnd');
  await setMute(ctx.db, controllerId, type, end);
}

export async function unmute(
  ctx: AppContext,
  auth: AuthContext,
  controllerId: number,
  type: NotificationType,
) {
  await writableController(ctx.db, controllerId, auth);
  await clearMute(ctx.db, controllerId, type);
}

/**
 * GET notification/events: one readable controller, or all the caller owns or watches; 30 days by default;
 * the newest `limit` (at most 500) of the range — a range read, not a paged list (docs/api-conventions.md
 * "Lists and pagination").
 */
export async function listEvents(
  ctx: AppContext,
  auth: AuthContext,
  locale: Locale,
  query: AlarmEventQuery,
): Promise<AlarmEvent[]> {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * DAY_MS);
  if (from.getTime() > to.getTime()) throw new AppError(400, 'errors:invalidDateRange');
  let ids: number[];
  if (query.idcontroller !== undefined) {
    await readableController(ctx.db, query.idcontroller, auth);
    ids = [query.idcontroller];
  } else {
    ids = await ownAndWatchedIds(ctx.db, auth.userId);
  }
  const rows = await eventsOfControllers(ctx.db, ids, from, to, query.limit);
  return rows.map((e) => toAlarmEvent(locale, e, auth.userId));
}

/**
 * GET notification/event/{id}: one event for whoever may read its controller (the SMS carries
 * `/alarm/{id}`, which opens the chart at the event; docs/alarms.md "Sending"). 404 otherwise.
 */
export async function getEvent(ctx: AppContext, auth: AuthContext, locale: Locale, id: number) {
  const row = await eventById(ctx.db, id);
  if (!row) throw new AppError(404, 'errors:eventNotFound');
  try {
    await readableController(ctx.db, row.controllerId, auth);
  } catch {
    throw new AppError(404, 'errors:eventNotFound');
  }
  return toAlarmEvent(locale, row, auth.userId);
}

/** GET admin/notifications: a page of every event (docs/api-conventions.md "Lists and pagination"). */
export async function adminEvents(
  ctx: AppContext,
  locale: Locale,
  query: AdminAlarmEventQuery,
): Promise<AlarmEventPage> {
  const cursor = decodeCursor(query.cursor, query.sort, query.order, eventSortType(query.sort), 'int8');
  const rows = await eventPage(ctx.db, {
    ...query,
    controllerId: query.idcontroller,
    cursor,
    words: searchWords(query.q),
  });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.id }));
  return { items: page.rows.map((e) => toAlarmEvent(locale, e, null)), nextCursor: page.nextCursor };
}

export async function removeEvent(ctx: AppContext, id: number) {
  if (!(await deleteEvent(ctx.db, id))) throw new AppError(404, 'errors:eventNotFound');
}

export async function resetCount(ctx: AppContext, controllerId: number) {
  if (!(await resetNotificationCount(ctx.db, controllerId, NOTIFICATION_COUNT_RESET)))
    throw new AppError(404, 'errors:transmitterNotFound');
}
