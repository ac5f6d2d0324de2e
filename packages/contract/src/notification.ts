import { z } from 'zod';
import type { AlarmType, WeightAlarmType } from './alarm';

/**
 * How a person receives alarms and notices (docs/alarms.md "Channels"): notification types, channels, the
 * settings per controller and mutes. The alarms themselves are alarm.ts.
 *
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

const isoTime = z.iso.datetime({ offset: true, message: 'errors:invalidDate' });

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
