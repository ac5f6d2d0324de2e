import { z } from 'zod';
import { MIN_CHART_START } from './constants';
import { LIST_MAX_LIMIT, listQuerySchema, pageSchema } from './list';

/**
 * Alarms and the channels they go out on (docs/alarms.md). An alarm is an event of one scale, raised by the
 * weight detectors (swarm, disturbance, removed, activity), or of the whole controller (silent, battery,
 * subscription). A new alarm type goes into one of the two lists; ALARM_TYPES and the types derive from them.
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

/**
 * The notification types a person chooses and mutes per controller (spec: swarm alarm, disturbance / hive
 * removed alarm, activity alarm). `disturbance` covers both disturbance and removed events; the device
 * alarms (silent, battery, subscription) are always on and cannot be muted.
 */
export const NOTIFICATION_TYPES = [
  'swarm',
  'disturbance',
  'activity',
] as const satisfies readonly WeightAlarmType[];
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES, {
  message: 'errors:invalidNotificationType',
});
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** The types a controller without its own settings row alarms on: all of them. */
export const DEFAULT_NOTIFICATION_TYPES: readonly NotificationType[] = NOTIFICATION_TYPES;

/** The alarm window of a controller without one of its own or its region's: 09:00–19:00 (docs/alarms.md). */
export const DEFAULT_ALARM_FROM_MINUTE = 9 * 60;
export const DEFAULT_ALARM_TO_MINUTE = 19 * 60;

/** One entry per alarm type: a new type does not compile until it is given its notification type. */
const NOTIFICATION_TYPE_OF = {
  swarm: 'swarm',
  disturbance: 'disturbance',
  removed: 'disturbance',
  activity: 'activity',
  silent: null,
  battery: null,
  subscription: null,
} as const satisfies Record<AlarmType, NotificationType | null>;

/** The notification type an alarm type is chosen and muted under; null: always sent. */
export function notificationTypeOf(type: AlarmType): NotificationType | null {
  return NOTIFICATION_TYPE_OF[type];
}

export const CHANNEL_TYPES = ['email', 'sms'] as const;
export const channelTypeSchema = z.enum(CHANNEL_TYPES, { message: 'errors:invalidChannelType' });
export type ChannelType = z.infer<typeof channelTypeSchema>;

/** pending: waits for the confirmation link (mail) or code (SMS); failing: the last sends failed repeatedly. */
export const CHANNEL_STATUSES = ['pending', 'active', 'failing'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

/** Mobile numbers in international form: + and 8–15 digits (E.164). */
export const PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;

/** At most this many channels per user. */
export const MAX_CHANNELS_PER_USER = 10;

/** GET notification: the caller's channels. */
export const notificationChannelSchema = z.object({
  id: z.number().int(),
  type: channelTypeSchema,
  address: z.string(),
  status: z.enum(CHANNEL_STATUSES),
  /** The reason of the last failed send while failing, else null (no secrets: provider message only). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;
export const notificationChannelListSchema = z.array(notificationChannelSchema);

/** POST notification { type, address }: an e-mail address or a mobile number (E.164). */
export const notificationChannelCreateSchema = z
  .object({
    type: channelTypeSchema,
    address: z.string({ message: 'errors:fieldRequired' }).trim().min(1, 'errors:fieldRequired').max(254),
  })
  .strict()
  .superRefine((c, ctx) => {
    const ok = c.type === 'email' ? z.email().safeParse(c.address).success : PHONE_PATTERN.test(c.address);
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: c.type === 'email' ? 'errors:invalidEmail' : 'errors:invalidPhone',
      });
  });
export type NotificationChannelCreate = z.infer<typeof notificationChannelCreateSchema>;
export const notificationChannelCreatedSchema = z.object({ id: z.number().int(), message: z.string() });

/** POST notification/confirm { token } (the link in the confirmation mail) */
export const channelConfirmTokenSchema = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'errors:invalidConfirmation') })
  .strict();
/** POST notification/{id}/confirm { code } (the six digits of the confirmation SMS) */
export const channelConfirmCodeSchema = z
  .object({ code: z.string().regex(/^\d{6}$/, 'errors:invalidConfirmation') })
  .strict();

/** GET notification/settings?idcontroller → the types chosen, the alarm window and the SMS budget. */
export const controllerAlarmSettingsSchema = z.object({
  controllerId: z.number().int(),
  types: z.array(notificationTypeSchema),
  /** Local time of the controller ("HH:MM"): swarm and activity alarms only inside it. */
  alarmFrom: z.string(),
  alarmTo: z.string(),
  remainingNotifications: z.number().int(),
});
export type ControllerAlarmSettings = z.infer<typeof controllerAlarmSettingsSchema>;

/** POST notification/settings?idcontroller { types }: at least one type. */
export const controllerAlarmTypesSchema = z
  .object({
    types: z
      .array(notificationTypeSchema)
      .min(1, 'errors:notificationTypeRequired')
      .max(NOTIFICATION_TYPES.length)
      .refine((t) => new Set(t).size === t.length, 'errors:invalidNotificationType'),
  })
  .strict();

/** Mute lengths offered (hours): MUTE_HOURS in constants.ts. */
/** The longest mute the server accepts (a person may pick an end date): one day. */
export const MAX_MUTE_MS = 24 * 3_600_000;

/** GET notification/mute?idcontroller: the running mutes. */
export const muteSchema = z.object({
  controllerId: z.number().int(),
  notificationType: notificationTypeSchema,
  endDate: z.string(),
});
export type Mute = z.infer<typeof muteSchema>;
export const muteListSchema = z.array(muteSchema);

/** What happened to an event (docs/alarms.md "Sending"). */
export const ALARM_DELIVERIES = ['pending', 'sent', 'muted', 'stale', 'off', 'failed', 'none'] as const;
export type AlarmDelivery = (typeof ALARM_DELIVERIES)[number];

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

/** Earliest `since` of a new scale: the device protocol's earliest time. */
export const MIN_SCALE_SINCE = MIN_CHART_START;

/**
 * Global settings of the weight alarms (/a/variables; docs/alarms.md "Detection rules"). Weights in kg, levels
 * in kg per day. A day's activity figure is the slow weight change over the 24 h before its first reading in
 * the alarm window, sudden steps (swarm, harvest, feeding, …) left out.
 */
export const globalSettingsSchema = z
  .object({
    /** Expected daily consumption (kg/day) added back to a day's figure before the levels are compared. */
    activityDrain: z.number({ message: 'errors:fieldRequired' }).min(0).max(5),
    /** A day's figure plus the drain at or above this (kg/day) is a strong flow: an activity alarm. */
    activityTriggerGainLevel: z.number({ message: 'errors:fieldRequired' }).min(0.1).max(50),
    /** A day's figure plus the drain at or below minus this (kg/day, positive number) is an unusual loss. */
    activityTriggerLossLevel: z.number({ message: 'errors:fieldRequired' }).min(0.1).max(50),
    /** After an activity alarm, the next of its kind once the weight moved this far (kg), within a week from Monday. */
    activityWeightDistance: z.number({ message: 'errors:fieldRequired' }).min(0).max(100),
    /** A single reading further than this (kg) from both neighbours while they agree is a spike: ignored. */
    averageWeightMaxDelta: z.number({ message: 'errors:fieldRequired' }).min(1).max(500),
    /**
     * Below this (kg) no hive is on the scale: one 0 kg reading is a drop-out (ignored), an hour or more a
     * removal alarm, less a disturbance (lifted off); nothing below it is a weight to compare.
     */
    averageWeightMinMass: z.number({ message: 'errors:fieldRequired' }).min(0).max(200),
  })
  .strict();
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;

export const DEFAULT_GLOBAL_SETTINGS: GlobalSettings = {
  activityDrain: 0.3,
  activityTriggerGainLevel: 2,
  activityTriggerLossLevel: 1.5,
  activityWeightDistance: 3,
  averageWeightMaxDelta: 40,
  averageWeightMinMass: 5,
};

const controllerIdParam = z.coerce
  .number({ message: 'errors:fieldRequired' })
  .int()
  .positive()
  .max(2_147_483_647);

/** ?idcontroller of the settings and mute calls. */
export const controllerQuerySchema = z.object({ idcontroller: controllerIdParam });

/** POST notification/mute?idcontroller&notificationType&enddate */
export const muteQuerySchema = z.object({
  idcontroller: controllerIdParam,
  notificationType: notificationTypeSchema,
  enddate: isoTime,
});

/** POST notification/unmute?idcontroller&notificationType */
export const unmuteQuerySchema = z.object({
  idcontroller: controllerIdParam,
  notificationType: notificationTypeSchema,
});
