import { z } from 'zod';
import { LIST_MAX_LIMIT, listQuerySchema, pageSchema } from './list';

/**
 * Alarms (docs/alarms.md): their types, events and deliveries. An alarm is an event of one scale, raised by the
 * weight detectors (swarm, disturbance, removed, activity), or of the whole controller (silent, battery,
 * subscription). A new alarm type goes into one of the two lists; ALARM_TYPES and the types derive from them.
 * How a person receives them (notification types, channels, mutes) is notification.ts.
 */
export const WEIGHT_ALARM_TYPES = ['swarm', 'disturbance', 'removed', 'activity'] as const;
export type WeightAlarmType = (typeof WEIGHT_ALARM_TYPES)[number];
/** The device alarms (docs/alarms.md "Types"): always sent, never muted. */
export const DEVICE_ALARM_TYPES = ['silent', 'battery', 'subscription'] as const;
export type DeviceAlarmType = (typeof DEVICE_ALARM_TYPES)[number];
export const ALARM_TYPES = [...WEIGHT_ALARM_TYPES, ...DEVICE_ALARM_TYPES] as const;
export const alarmTypeSchema = z.enum(ALARM_TYPES);
export type AlarmType = z.infer<typeof alarmTypeSchema>;

/** An alarm of one scale (the weight detectors'), not of the whole controller. */
export const isWeightAlarmType = (type: AlarmType): type is WeightAlarmType =>
  (WEIGHT_ALARM_TYPES as readonly AlarmType[]).includes(type);

/** The alarm window of a controller without one of its own or its region's: 09:00–19:00 (docs/alarms.md). */
export const DEFAULT_ALARM_FROM_MINUTE = 9 * 60;
export const DEFAULT_ALARM_TO_MINUTE = 19 * 60;

/** What happened to an event (docs/alarms.md "Sending"). */
export const ALARM_DELIVERIES = ['pending', 'sent', 'muted', 'stale', 'off', 'failed', 'none'] as const;
export type AlarmDelivery = (typeof ALARM_DELIVERIES)[number];

/**
 * The beekeeper's answer to an alarm (docs/alarms.md "Answers"): `yes` it happened (a swarm, a disturbance, the
 * hive removed), `no` it was the beekeeper or nothing. Only these types are asked (the weight alarms a person can
 * check at the hive; activity is a trend, the device alarms are facts).
 */
export const ALARM_ANSWERS = ['yes', 'no'] as const;
export const alarmAnswerSchema = z.enum(ALARM_ANSWERS, { message: 'errors:alarmAnswerInvalid' });
export type AlarmAnswer = z.infer<typeof alarmAnswerSchema>;
export const ANSWERABLE_ALARM_TYPES = WEIGHT_ALARM_TYPES.filter(
  (t): t is Exclude<WeightAlarmType, 'activity'> => t !== 'activity',
);
export type AnswerableAlarmType = (typeof ANSWERABLE_ALARM_TYPES)[number];
export const isAnswerableAlarmType = (type: AlarmType): type is AnswerableAlarmType =>
  (ANSWERABLE_ALARM_TYPES as readonly AlarmType[]).includes(type);

/**
 * What a swarm or disturbance alarm saw (docs/alarms.md "Explanations"): the change took place within `minutes`
 * (the readings around it); at that time of day this colony usually changes by `usual` kg, give or take `spread`
 * kg (null while the scale's history is too short). Stored with the event; the texts of mail, SMS and app say it.
 */
export type AlarmSeen = { minutes: number; usual: number | null; spread: number | null };

/** One alarm event (GET notification/events, GET admin/notifications). `time` is the reading time. */
export const alarmEventSchema = z.object({
  id: z.number().int(),
  controllerId: z.number().int(),
  controllerName: z.string(),
  /** The scale's channel (1–8), null for controller alarms. */
  channel: z.number().int().nullable(),
  idscale: z.number().int().nullable(),
  scaleName: z.string().nullable(),
  type: alarmTypeSchema,
  time: z.string(),
  detectedAt: z.string(),
  /** Localised one-line description in the caller's language. */
  text: z.string(),
  /** Weight change (kg) for scale alarms; volts for battery; null otherwise. */
  delta: z.number().nullable(),
  /** sent: on at least one channel; muted / stale (older than 24 h when found) / off (type not chosen): recorded only. */
  delivery: z.enum(ALARM_DELIVERIES),
  /** The recorded answer (docs/alarms.md "Answers"), null while none. */
  answer: z.enum(ALARM_ANSWERS).nullable(),
  /** The caller may answer it: the owner of its controller, for a swarm, disturbance or removed event. */
  answerable: z.boolean(),
});
export type AlarmEvent = z.infer<typeof alarmEventSchema>;
export const alarmEventListSchema = z.array(alarmEventSchema);

/** Sorts of GET admin/notifications (docs/api-conventions.md "Lists and pagination"): reading time, time found. */
export const ADMIN_EVENT_LIST_SORTS = ['time', 'detectedAt'] as const;
export type AdminEventListSort = (typeof ADMIN_EVENT_LIST_SORTS)[number];
export const alarmEventPageSchema = pageSchema(alarmEventSchema);
export type AlarmEventPage = z.infer<typeof alarmEventPageSchema>;

const isoTime = z.iso.datetime({ offset: true, message: 'errors:invalidDate' });

/**
 * Query of GET notification/events: one controller or all the caller may see; range defaults to 30 days.
 * Not a paged list (docs/api-conventions.md "Lists and pagination"): an array of at most `limit` events
 * (default and maximum 500), the newest of the range.
 */
export const alarmEventQuerySchema = z.object({
  idcontroller: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  limit: z.coerce
    .number({ message: 'errors:listLimit' })
    .int({ message: 'errors:listLimit' })
    .min(1, { message: 'errors:listLimit' })
    .max(LIST_MAX_LIMIT, { message: 'errors:listLimit' })
    .default(LIST_MAX_LIMIT),
});
export type AlarmEventQuery = z.infer<typeof alarmEventQuerySchema>;

/**
 * GET admin/notifications: a page of every event, newest first unless `order=asc`; filtered by type,
 * controller and delivery; searched in the controller's and the scale's name (a number: the controller id).
 */
export const adminAlarmEventQuerySchema = listQuerySchema(ADMIN_EVENT_LIST_SORTS, { order: 'desc' })
  .extend({
    type: alarmTypeSchema.optional(),
    idcontroller: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    delivery: z.enum(ALARM_DELIVERIES).optional(),
  })
  .strict();
export type AdminAlarmEventQuery = z.infer<typeof adminAlarmEventQuerySchema>;
