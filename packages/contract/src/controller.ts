import { z } from 'zod';
import {
  IMEI_LENGTH,
  IMSI_LENGTH,
  SCALE_GAIN_MAX,
  SCALE_GAIN_MIN,
  UPDATE_INTERVAL_MAX,
  UPDATE_INTERVAL_MIN,
} from './constants';
import { channelConfigSchema } from './channel-config';
import { channelNumberSchema, scaleFieldsSchema, scaleSchema } from './scale';

/** A controller's subscription is "expiring soon" when it ends in less than this many days. */
export const SUBSCRIPTION_EXPIRING_DAYS = 30;
export const SUBSCRIPTION_STATES = ['active', 'expiringSoon', 'expired'] as const;
export const subscriptionStateSchema = z.enum(SUBSCRIPTION_STATES);
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** expired: end ≤ now; expiringSoon: end − now < 30 days; else active. */
export function subscriptionState(end: Date | string, now: Date = new Date()): SubscriptionState {
  const ms = new Date(end).getTime() - now.getTime();
  if (ms <= 0) return 'expired';
  return ms < SUBSCRIPTION_EXPIRING_DAYS * 86_400_000 ? 'expiringSoon' : 'active';
}

/** WGS84 location, the shape used for every location in the API (docs/device-protocol.md). */
export const locationSchema = z
  .object({
    lat: z
      .number({ message: 'errors:invalidLocation' })
      .min(-90, { message: 'errors:invalidLocation' })
      .max(90, {
        message: 'errors:invalidLocation',
      }),
    lng: z
      .number({ message: 'errors:invalidLocation' })
      .min(-180, { message: 'errors:invalidLocation' })
      .max(180, {
        message: 'errors:invalidLocation',
      }),
  })
  .strict();
export type Location = z.infer<typeof locationSchema>;

export const imsiSchema = z
  .string({ message: 'errors:imsiDigits' })
  .trim()
  .regex(new RegExp(`^\\d{${IMSI_LENGTH}}$`), {
    message: 'errors:imsiDigits',
  });
export const imeiSchema = z
  .string({ message: 'errors:imeiDigits' })
  .trim()
  .regex(new RegExp(`^\\d{${IMEI_LENGTH}}$`), {
    message: 'errors:imeiDigits',
  });
export const updateIntervalSchema = z
  .number({ message: 'errors:updateIntervalRange' })
  .int({ message: 'errors:updateIntervalRange' })
  .min(UPDATE_INTERVAL_MIN, { message: 'errors:updateIntervalRange' })
  .max(UPDATE_INTERVAL_MAX, { message: 'errors:updateIntervalRange' });
export const scaleGainSchema = z
  .number({ message: 'errors:scaleGainRange' })
  .int({ message: 'errors:scaleGainRange' })
  .min(SCALE_GAIN_MIN, { message: 'errors:scaleGainRange' })
  .max(SCALE_GAIN_MAX, { message: 'errors:scaleGainRange' });
export const controllerNameSchema = z
  .string({ message: 'errors:fieldRequired' })
  .trim()
  .min(1, { message: 'errors:fieldRequired' })
  .max(100, { message: 'errors:nameTooLong' });
/** Watch codes are shown grouped and typed loosely: spaces and hyphens are ignored, letters upper-cased. */
export const watchCodeSchema = z
  .string({ message: 'errors:fieldRequired' })
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,32}$/, { message: 'errors:transmitterNotFound' }));

export const ownerSchema = z.object({ userId: z.number().int(), email: z.string() });
export const regionRefSchema = z.object({
  primary: z.number().int().nullable(),
  secondary: z.number().int().nullable(),
});

/**
 * A controller as shown to its owner, a watcher, a manager of its affiliation or an admin (docs/controllers.md).
 * For read-only viewers (`readOnly: true`: watchers and managers) imsi, imei, msisdn and watchCode are null —
 * IMSI+IMEI are the registration credentials. `watchCode` is shown to the owner only.
 */
/** Fields every view of a controller shares (owner/watcher view and the admin row). */
export const controllerFieldsShape = {
  id: z.number().int(),
  name: z.string(),
  imei: z.string().nullable(),
  msisdn: z.string().nullable(),
  location: locationSchema.nullable(),
  timeZone: z.string(),
  updateInterval: z.number().int(),
  region: regionRefSchema,
  softwareVersion: z.string().nullable(),
  temperature: z.number().nullable(),
  voltage: z.number().nullable(),
  signal: z.number().nullable(),
  lastUpdate: z.string().nullable(),
  lastReset: z.string().nullable(),
  limitReset: z.string().nullable(),
  activationDate: z.string().nullable(),
  subscriptionEnd: z.string(),
  subscriptionState: subscriptionStateSchema,
  remainingNotifications: z.number().int(),
  scaleGain: z.number().int(),
  channelConfig: channelConfigSchema,
  signalFilter: z.boolean(),
  owner: ownerSchema.nullable(),
  displayOnPublicMap: z.boolean(),
};

export const controllerSchema = z.object({
  ...controllerFieldsShape,
  imsi: z.string().nullable(),
  watchCode: z.string().nullable(),
  readOnly: z.boolean(),
  /** The live (not archived) scales, by channel. */
  scales: z.array(scaleSchema),
});
export type Controller = z.infer<typeof controllerSchema>;

/** POST controller/{id} (our addition, owner or admin): the owner's settings; any subset. */
export const controllerOwnerUpdateSchema = z
  .object({
    name: controllerNameSchema,
    location: locationSchema.nullable(),
    updateInterval: updateIntervalSchema,
    scaleGain: scaleGainSchema,
    signalFilter: z.boolean(),
    displayOnPublicMap: z.boolean(),
    channelConfig: channelConfigSchema,
  })
  .partial()
  .strict();
export type ControllerOwnerUpdate = z.infer<typeof controllerOwnerUpdateSchema>;

export const controllerSaveResponseSchema = z.object({ message: z.string(), controller: controllerSchema });
export type ControllerSaveResponse = z.infer<typeof controllerSaveResponseSchema>;

/** A watch of another user's controller (docs/controllers.md): read-only. */
export const watchSchema = z.object({
  code: z.string(),
  controllerId: z.number().int(),
  controllerName: z.string(),
  owner: ownerSchema.nullable(),
  createdAt: z.string(),
});
export type Watch = z.infer<typeof watchSchema>;
export const watchCreateSchema = z.object({ code: watchCodeSchema }).strict();
export type WatchCreate = z.input<typeof watchCreateSchema>;
export const watchSaveResponseSchema = z.object({ message: z.string(), watch: watchSchema });
export const watchCodeResponseSchema = z.object({ message: z.string(), watchCode: z.string() });

/** One scale of the channel setup sent with a controller registration. */
export const channelSetupSchema = scaleFieldsSchema.extend({ channel: channelNumberSchema }).strict();
export type ChannelSetup = z.input<typeof channelSetupSchema>;

/** POST registration/controller: a logged-in user claims a controller by IMSI + IMEI. */
export const controllerRegistrationSchema = z
  .object({
    imsi: imsiSchema,
    imei: imeiSchema,
    name: controllerNameSchema.optional(),
    location: locationSchema.nullable().optional(),
    updateInterval: updateIntervalSchema.optional(),
    channelConfig: channelConfigSchema.optional(),
    channels: z.array(channelSetupSchema).max(8).default([]),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.channels.forEach((c, i) => {
      if (seen.has(c.channel))
        ctx.addIssue({
          code: 'custom',
          path: ['channels', i, 'channel'],
          message: 'errors:channelDuplicate',
        });
      seen.add(c.channel);
    });
  });
export type ControllerRegistrationInput = z.input<typeof controllerRegistrationSchema>;
export type ControllerRegistration = z.output<typeof controllerRegistrationSchema>;
