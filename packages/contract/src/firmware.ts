import { z } from 'zod';

/**
 * Firmware over the air (docs/firmware.md). Admins only (401 anonymous, 403 others). Paths under /api.
 *
 * | route                                                   | request                                        | answer                          |
 * | ------------------------------------------------------- | ---------------------------------------------- | ------------------------------- |
 * | POST   admin/firmware                                   | multipart (FIRMWARE_UPLOAD_FIELDS): `version`  | firmwareUploadAnswerSchema      |
 * |                                                         | (firmwareVersionSchema), optional `name`, then | (201); 413 over `maxBytes`      |
 * |                                                         | the file `data` (firmwareUploadFieldsSchema)   |                                 |
 * | GET    admin/firmware                                   | –                                              | firmwareListSchema              |
 * | DELETE admin/firmware?version=1.5.0                     | firmwareVersionQuerySchema                     | messageResponseSchema           |
 * | POST   admin/controller/firmware?firmwareversion=1.5.0  | firmwareAssignQuerySchema + body               | firmwareAssignAnswerSchema      |
 * |                                                         | firmwareAssignSchema ({ controllerIds } or the |                                 |
 * |                                                         | bare list); no firmwareversion = clear         |                                 |
 * | GET    admin/firmware/controllers?currentVersion&…      | firmwareControllersQuerySchema                 | firmwareControllerListSchema    |
 * | GET    admin/firmware/rollouts                          | –                                              | firmwareRolloutListSchema       |
 * | POST   admin/firmware/rollout                           | firmwareRolloutCreateSchema                    | firmwareRolloutAnswerSchema (201) |
 * | GET    admin/firmware/rollout/{id}                      | –                                              | firmwareRolloutDetailSchema     |
 * | POST   admin/firmware/rollout/{id}                      | firmwareRolloutActionSchema ({ action })       | firmwareRolloutAnswerSchema     |
 *
 * Device side (docs/device-protocol.md): the report answer's `config.firmware` is deviceFirmwareOfferSchema
 * (device.ts: version, url, sha256, size); `GET /api/device/v1/firmware/{version}` with the bearer token of a
 * controller whose desired version it is, Range requests supported, ETag = "<sha256>".
 */

/** Longest version accepted; the device report's `firmware` field allows 40 characters too (device.ts). */
export const FIRMWARE_VERSION_MAX = 40;
/**
 * A firmware version number: 2 to 4 dot-separated numbers, optionally a suffix such as `-rc1` or `-beta.2`
 * (e.g. `1.5`, `1.5.0`, `2.0.1-rc1`). Only URL-safe characters, because it is a path segment of the download.
 * Every valid version is also a valid `firmware` of a device report.
 */
export const FIRMWARE_VERSION_PATTERN = /^\d{1,6}(\.\d{1,6}){1,3}(-[0-9A-Za-z]+(\.[0-9A-Za-z]+)*)?$/;
export const firmwareVersionSchema = z
  .string({ message: 'errors:firmwareVersionInvalid' })
  .trim()
  .min(1, { message: 'errors:firmwareVersionInvalid' })
  .max(FIRMWARE_VERSION_MAX, { message: 'errors:firmwareVersionInvalid' })
  .regex(FIRMWARE_VERSION_PATTERN, { message: 'errors:firmwareVersionInvalid' });

/**
 * Default largest image (bytes) when FIRMWARE_MAX_BYTES is not set; the server's limit is in the list answer
 * (`maxBytes`) so the screen can refuse a larger file before sending it. Multipart field names below.
 */
export const FIRMWARE_MAX_BYTES_DEFAULT = 8 * 1024 * 1024;
export const FIRMWARE_UPLOAD_FIELDS = { version: 'version', name: 'name', data: 'data' } as const;
/** Longest display name (defaults to the uploaded file's name). */
export const FIRMWARE_NAME_MAX = 200;

/** The multipart text fields of POST admin/firmware, checked before the file is stored. */
export const firmwareUploadFieldsSchema = z
  .object({
    version: firmwareVersionSchema,
    name: z.string().trim().max(FIRMWARE_NAME_MAX, { message: 'errors:nameTooLong' }).optional(),
  })
  .strict();
export type FirmwareUploadFields = z.infer<typeof firmwareUploadFieldsSchema>;

/** One stored image. `running`: controllers reporting this version; `wanted`: controllers whose desired version it is. */
export const firmwareSchema = z.object({
  version: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** lowercase hex */
  sha256: z.string(),
  uploadedAt: z.string(),
  running: z.number().int(),
  wanted: z.number().int(),
});
export type Firmware = z.infer<typeof firmwareSchema>;

/** GET admin/firmware: every version, newest upload first, and the server's upload limit. */
export const firmwareListSchema = z.object({
  maxBytes: z.number().int(),
  items: z.array(firmwareSchema),
});
export type FirmwareList = z.infer<typeof firmwareListSchema>;

export const firmwareUploadAnswerSchema = z.object({ message: z.string(), firmware: firmwareSchema });
export type FirmwareUploadAnswer = z.infer<typeof firmwareUploadAnswerSchema>;

/** DELETE admin/firmware?version: refused (409) while a controller wants it or a roll-out uses it. */
export const firmwareVersionQuerySchema = z.object({ version: firmwareVersionSchema }).strict();

/**
 * POST admin/controller/firmware?firmwareversion: the controllers' desired version. Without `firmwareversion`
 * (or empty) the desired version is cleared (no offer). Refused (409) for a controller in an active roll-out.
 */
export const firmwareAssignQuerySchema = z
  .object({
    firmwareversion: z.preprocess((v) => (v === '' ? undefined : v), firmwareVersionSchema.optional()),
  })
  .strict();
export type FirmwareAssignQuery = z.infer<typeof firmwareAssignQuerySchema>;
export const FIRMWARE_CONTROLLERS_MAX = 10_000;
const controllerIds = z
  .array(z.number().int().positive().max(2_147_483_647), { message: 'errors:firmwareSelectControllers' })
  .min(1, { message: 'errors:firmwareSelectControllers' })
  .max(FIRMWARE_CONTROLLERS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'errors:firmwareDuplicateControllers' });
/** The body: `{ "controllerIds": [1, 2] }`, or the bare list `[1, 2]` as spec §7 words it. */
export const firmwareAssignSchema = z.preprocess(
  (v) => (Array.isArray(v) ? { controllerIds: v } : v),
  z.object({ controllerIds }).strict(),
);
export type FirmwareAssign = z.infer<typeof firmwareAssignSchema>;
export const firmwareAssignAnswerSchema = z.object({ message: z.string(), updated: z.number().int() });
export type FirmwareAssignAnswer = z.infer<typeof firmwareAssignAnswerSchema>;

/** A roll-out's state (docs/firmware.md "Staged roll-out"). */
export const FIRMWARE_ROLLOUT_STATUSES = ['running', 'paused', 'completed', 'cancelled'] as const;
export const firmwareRolloutStatusSchema = z.enum(FIRMWARE_ROLLOUT_STATUSES);
export type FirmwareRolloutStatus = z.infer<typeof firmwareRolloutStatusSchema>;
/**
 * A controller in a roll-out: `waiting` (stage 2, not offered yet), `offered` (its desired version is the
 * roll-out's; withdrawn while the roll-out is paused), `updated` (reported the version), `failed`.
 */
export const FIRMWARE_MEMBER_STATES = ['waiting', 'offered', 'updated', 'failed'] as const;
export const firmwareMemberStateSchema = z.enum(FIRMWARE_MEMBER_STATES);
export type FirmwareMemberState = z.infer<typeof firmwareMemberStateSchema>;
/** Why a controller failed / a roll-out paused: silent after the update, back on its old version, or the admin. */
export const FIRMWARE_PAUSE_KINDS = ['silent', 'fellBack', 'manual'] as const;
export const firmwarePauseKindSchema = z.enum(FIRMWARE_PAUSE_KINDS);
export type FirmwarePauseKind = z.infer<typeof firmwarePauseKindSchema>;

/** POST admin/firmware/rollout: the first `firstStagePercent` % of `controllerIds` (in the given order, at least one) get the version now. */
export const firmwareRolloutCreateSchema = z
  .object({
    version: firmwareVersionSchema,
    controllerIds,
    firstStagePercent: z
      .number({ message: 'errors:firmwarePercentInvalid' })
      .int({ message: 'errors:firmwarePercentInvalid' })
      .min(1, { message: 'errors:firmwarePercentInvalid' })
      .max(100, { message: 'errors:firmwarePercentInvalid' }),
  })
  .strict();
export type FirmwareRolloutCreate = z.infer<typeof firmwareRolloutCreateSchema>;

/**
 * POST admin/firmware/rollout/{id}: `continue` — when running in stage 1: offer the rest (stage 2); when paused:
 * resume the current stage (failed controllers stay failed). `pause` — withdraw the offer from controllers not
 * yet updated. `cancel` — end it; controllers not yet updated get back their desired version from before.
 */
export const FIRMWARE_ROLLOUT_ACTIONS = ['continue', 'pause', 'cancel'] as const;
export const firmwareRolloutActionSchema = z
  .object({ action: z.enum(FIRMWARE_ROLLOUT_ACTIONS, { message: 'errors:firmwareRolloutAction' }) })
  .strict();
export type FirmwareRolloutAction = z.infer<typeof firmwareRolloutActionSchema>['action'];

const countsSchema = z.object({
  /** controllers in the stage (or roll-out) */
  total: z.number().int(),
  updated: z.number().int(),
  /** offered, not updated yet */
  pending: z.number().int(),
  failed: z.number().int(),
  /** not offered yet (stage 2 before `continue`) */
  waiting: z.number().int(),
});
export type FirmwareRolloutCounts = z.infer<typeof countsSchema>;

export const firmwarePauseReasonSchema = z.object({
  kind: firmwarePauseKindSchema,
  /** the controller that failed (null for `manual`) */
  controllerId: z.number().int().nullable(),
  controllerName: z.string().nullable(),
  at: z.string(),
});
export type FirmwarePauseReason = z.infer<typeof firmwarePauseReasonSchema>;

export const firmwareRolloutSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  status: firmwareRolloutStatusSchema,
  /** 1 until `continue` offers the rest, then 2 (a 100 % roll-out has stage 1 only) */
  stage: z.union([z.literal(1), z.literal(2)]),
  firstStagePercent: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  /** why it paused (set while paused; the first failure, or `manual`) */
  pausedReason: firmwarePauseReasonSchema.nullable(),
  counts: countsSchema,
  stages: z.array(countsSchema.extend({ stage: z.union([z.literal(1), z.literal(2)]) })),
});
export type FirmwareRollout = z.infer<typeof firmwareRolloutSchema>;
/** GET admin/firmware/rollouts: active ones first, then the newest. */
export const firmwareRolloutListSchema = z.array(firmwareRolloutSchema);

export const firmwareRolloutMemberSchema = z.object({
  controllerId: z.number().int(),
  name: z.string(),
  stage: z.union([z.literal(1), z.literal(2)]),
  state: firmwareMemberStateSchema,
  /** the version it ran when the roll-out began */
  fromVersion: z.string().nullable(),
  currentVersion: z.string().nullable(),
  failure: firmwarePauseKindSchema.exclude(['manual']).nullable(),
  updatedAt: z.string().nullable(),
  lastUpdate: z.string().nullable(),
});
export type FirmwareRolloutMember = z.infer<typeof firmwareRolloutMemberSchema>;
/** GET admin/firmware/rollout/{id}: the roll-out and each of its controllers. */
export const firmwareRolloutDetailSchema = firmwareRolloutSchema.extend({
  controllers: z.array(firmwareRolloutMemberSchema),
});
export type FirmwareRolloutDetail = z.infer<typeof firmwareRolloutDetailSchema>;
export const firmwareRolloutAnswerSchema = z.object({
  message: z.string(),
  rollout: firmwareRolloutSchema,
});
export type FirmwareRolloutAnswer = z.infer<typeof firmwareRolloutAnswerSchema>;

/**
 * GET admin/firmware/controllers: filters combine (AND). `currentVersion=none` finds controllers that never
 * reported a version; `regionId` matches the primary or secondary region.
 */
export const firmwareControllersQuerySchema = z
  .object({
    currentVersion: z.string().trim().min(1).max(FIRMWARE_VERSION_MAX).optional(),
    desiredVersion: z.string().trim().min(1).max(FIRMWARE_VERSION_MAX).optional(),
    regionId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    affiliationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict();
export type FirmwareControllersQuery = z.infer<typeof firmwareControllersQuerySchema>;

const ref = z.object({ id: z.number().int(), name: z.string() });
export const firmwareControllerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the version it last reported (null: never reported) */
  currentVersion: z.string().nullable(),
  /** the version offered to it (null: none) */
  desiredVersion: z.string().nullable(),
  region: ref.nullable(),
  secondaryRegion: ref.nullable(),
  affiliation: ref.nullable(),
  updateInterval: z.number().int(),
  lastUpdate: z.string().nullable(),
  /** its active (running or paused) roll-out, if any */
  rollout: z
    .object({
      id: z.number().int(),
      version: z.string(),
      status: firmwareRolloutStatusSchema,
      state: firmwareMemberStateSchema,
    })
    .nullable(),
});
export type FirmwareControllerRow = z.infer<typeof firmwareControllerRowSchema>;
export const firmwareControllerListSchema = z.array(firmwareControllerRowSchema);
