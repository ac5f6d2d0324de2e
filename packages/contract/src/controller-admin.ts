import { z } from 'zod';
import { channelConfigSchema } from './channel-config';
import { firmwareVersionSchema } from './firmware';
import { listQuerySchema, pageSchema } from './list';
import {
  controllerFieldsShape,
  controllerNameSchema,
  imeiSchema,
  imsiSchema,
  locationSchema,
  scaleGainSchema,
  updateIntervalSchema,
} from './controller';

/** One row of GET admin/controllers and GET admin/affiliatedControllers: every column of the controller (docs/controllers.md). */
export const adminControllerRowSchema = z.object({
  ...controllerFieldsShape,
  imsi: z.string(),
  /**
   * The last IMEI a report carried that differs from `imei`, and when (null: none since the IMEI was last set).
   * The admin resolves it by saving an IMEI (e.g. this one); docs/controllers.md "IMEI mismatch".
   */
  reportedImei: z.string().nullable(),
  reportedImeiAt: z.string().nullable(),
  desiredFirmware: z.string().nullable(),
  registeredAt: z.string().nullable(),
  affiliation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Live (not archived) scales on the controller. */
  scaleCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminControllerRow = z.infer<typeof adminControllerRowSchema>;

/**
 * GET admin/affiliatedControllers: the admin row; for managers imsi, imei, reportedImei and msisdn are null — IMSI+IMEI are
 * the registration credentials, and a manager must not be able to claim a controller of their affiliation.
 */
export const affiliatedControllerRowSchema = adminControllerRowSchema.extend({
  imsi: z.string().nullable(),
  reportedImei: z.string().nullable(),
  imei: z.string().nullable(),
  msisdn: z.string().nullable(),
});
export type AffiliatedControllerRow = z.infer<typeof affiliatedControllerRowSchema>;

const optionalDigits = (schema: typeof imeiSchema) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());
const msisdnSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .trim()
    .regex(/^\+?\d{6,15}$/, { message: 'errors:msisdnInvalid' })
    .nullable()
    .optional(),
);

/** POST admin/controller (docs/device-protocol.md): subscription ends 2 years after creation; answers a one-time device token. */
export const adminControllerCreateSchema = z
  .object({
    name: controllerNameSchema,
    location: locationSchema.nullable().default(null),
    updateInterval: updateIntervalSchema,
    imsi: imsiSchema,
    imei: optionalDigits(imeiSchema),
    msisdn: msisdnSchema,
  })
  .strict();
export type AdminControllerCreateInput = z.input<typeof adminControllerCreateSchema>;
export type AdminControllerCreate = z.output<typeof adminControllerCreateSchema>;

export const deviceTokenResponseSchema = z.object({
  id: z.number().int(),
  /** Shown only in this answer; the server stores its SHA-256. */
  deviceToken: z.string(),
  message: z.string(),
});
export type DeviceTokenResponse = z.infer<typeof deviceTokenResponseSchema>;

const isoDate = z.iso.datetime({ offset: true, message: 'errors:invalidDate' });
const optionalId = z.number().int().positive().nullable().optional();

/**
 * POST admin/controller/{id}: any subset of every field. `ownerEmail: null` removes the owner; a new owner gets a
 * new watch code and the old watches are removed. `regenerateToken: true` answers a new device token.
 */
export const adminControllerUpdateSchema = z
  .object({
    name: controllerNameSchema.optional(),
    location: locationSchema.nullable().optional(),
    updateInterval: updateIntervalSchema.optional(),
    imsi: imsiSchema.optional(),
    imei: optionalDigits(imeiSchema),
    msisdn: msisdnSchema,
    subscriptionEnd: isoDate.optional(),
    activationDate: isoDate.nullable().optional(),
    limitReset: isoDate.nullable().optional(),
    ownerEmail: z.string().trim().toLowerCase().max(254).nullable().optional(),
    affiliationId: optionalId,
    regionPrimaryId: optionalId,
    regionSecondaryId: optionalId,
    /** An uploaded version (else 404) or null; a controller in an active roll-out keeps its own (409). */
    desiredFirmware: firmwareVersionSchema.nullable().optional(),
    remainingNotifications: z.number().int().min(0).max(100_000).optional(),
    scaleGain: scaleGainSchema.optional(),
    signalFilter: z.boolean().optional(),
    displayOnPublicMap: z.boolean().optional(),
    channelConfig: channelConfigSchema.optional(),
    regenerateToken: z.boolean().optional(),
  })
  .strict();
export type AdminControllerUpdateInput = z.input<typeof adminControllerUpdateSchema>;
export type AdminControllerUpdate = z.output<typeof adminControllerUpdateSchema>;

export const adminControllerSaveResponseSchema = z.object({
  message: z.string(),
  controller: adminControllerRowSchema,
  /** Only when regenerateToken was true. */
  deviceToken: z.string().optional(),
});
export type AdminControllerSaveResponse = z.infer<typeof adminControllerSaveResponseSchema>;

/**
 * Sorts of the controller lists (docs/api-conventions.md "Lists and pagination"). `imsi` is for admins only:
 * managers never see IMSIs, so they may neither sort nor search by them.
 */
export const CONTROLLER_LIST_SORTS = ['name', 'createdAt', 'subscriptionEnd', 'imsi'] as const;
export type ControllerListSort = (typeof CONTROLLER_LIST_SORTS)[number];

/** GET admin/controllers: a page of every controller (admins), searched by id, name, IMSI, IMEI, owner, affiliation, software. */
export const adminControllersQuerySchema = listQuerySchema(CONTROLLER_LIST_SORTS).strict();
export const adminControllerPageSchema = pageSchema(adminControllerRowSchema);
export type AdminControllerPage = z.infer<typeof adminControllerPageSchema>;

/** GET admin/affiliatedControllers?affiliationId (managers: own affiliation, which is also the default). */
export const affiliatedControllersQuerySchema = listQuerySchema(CONTROLLER_LIST_SORTS)
  .extend({ affiliationId: z.coerce.number().int().positive().optional() })
  .strict();
export const affiliatedControllerPageSchema = pageSchema(affiliatedControllerRowSchema);
export type AffiliatedControllerPage = z.infer<typeof affiliatedControllerPageSchema>;

/** POST admin/affiliation/{id}/controllers: the affiliation's controllers become exactly this list. */
export const affiliationControllersSchema = z
  .object({ controllerIds: z.array(z.number().int().positive()).max(10_000) })
  .strict();
export type AffiliationControllers = z.infer<typeof affiliationControllersSchema>;

/** GET admin/affiliations (ours): every affiliation by name, for an admin's choices (controllers, notices). */
export const affiliationSchema = z.object({ id: z.number().int(), name: z.string() });
export type Affiliation = z.infer<typeof affiliationSchema>;
export const affiliationListSchema = z.array(affiliationSchema);
