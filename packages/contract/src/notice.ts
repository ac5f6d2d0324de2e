import { z } from 'zod';
import { gsm7Length, toGsm7 } from './gsm7';
import { channelTypeSchema, type ChannelType } from './notification';

/**
 * Notices of an inspectorate (affiliation) to every beekeeper with a controller in chosen regions, sent on
 * their confirmed notification channels (docs/notices.md). Calls: POST and GET admin/affiliateNotification,
 * GET admin/affiliateNotification/regions and …/recipients.
 */

/** A notice sent by mail only: at most this many characters. */
export const NOTICE_MAX_CHARS = 2000;
/** One SMS holds 160 GSM-7 characters; a longer text is split into parts of 153 (7 go to the part header). */
export const SMS_SINGLE_CHARS = 160;
export const SMS_PART_CHARS = 153;
/** A notice sent by SMS may take at most this many parts (each is paid) … */
export const NOTICE_SMS_MAX_PARTS = 3;
/** … that is at most this many GSM-7 characters. */
export const NOTICE_SMS_MAX_CHARS = NOTICE_SMS_MAX_PARTS * SMS_PART_CHARS;
/** Regions per notice at most. */
export const NOTICE_REGIONS_MAX = 100;

/**
 * The size of a text as an SMS: its length in GSM-7 characters after unsupported characters were replaced
 * (the way it is sent, gsm7.ts) and the number of SMS parts; `replaced`: some characters change.
 */
export function smsSize(text: string): { chars: number; parts: number; replaced: boolean } {
  const gsm = toGsm7(text);
  const chars = gsm7Length(gsm);
  const parts = chars === 0 ? 0 : chars <= SMS_SINGLE_CHARS ? 1 : Math.ceil(chars / SMS_PART_CHARS);
  return { chars, parts, replaced: gsm !== text.normalize('NFC') };
}

/** Whether the text fits the limit of the chosen channel types (SMS: NOTICE_SMS_MAX_CHARS). */
export function noticeFits(text: string, types: readonly ChannelType[]): boolean {
  if (text.length > NOTICE_MAX_CHARS) return false;
  return !types.includes('sms') || smsSize(text).chars <= NOTICE_SMS_MAX_CHARS;
}

const idSchema = z.number().int().positive().max(2_147_483_647);

const regionIdsSchema = z
  .array(idSchema, { message: 'errors:noticeRegionRequired' })
  .min(1, { message: 'errors:noticeRegionRequired' })
  .max(NOTICE_REGIONS_MAX, { message: 'errors:noticeTooManyRegions' })
  .transform((ids) => [...new Set(ids)]);

const channelTypesSchema = z
  .array(channelTypeSchema, { message: 'errors:noticeTypeRequired' })
  .min(1, { message: 'errors:noticeTypeRequired' })
  .max(2, { message: 'errors:invalidChannelType' })
  .transform((types) => [...new Set(types)]);

/**
 * POST admin/affiliateNotification: at least one region and one channel type, a message that fits (mail:
 * NOTICE_MAX_CHARS; with SMS: NOTICE_SMS_MAX_CHARS GSM-7 characters). `affiliationId`: admins may send for
 * any affiliation (default: their own); a manager only for their own.
 */
export const noticeCreateSchema = z
  .object({
    affiliationId: idSchema.nullable().optional(),
    regionIds: regionIdsSchema,
    channelTypes: channelTypesSchema,
    message: z
      .string({ message: 'errors:noticeMessageRequired' })
      .trim()
      .min(1, { message: 'errors:noticeMessageRequired' })
      .max(NOTICE_MAX_CHARS, { message: 'errors:noticeTooLong' }),
  })
  .strict()
  .superRefine((notice, ctx) => {
    if (notice.channelTypes.includes('sms') && smsSize(notice.message).chars > NOTICE_SMS_MAX_CHARS)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'errors:noticeSmsTooLong' });
  });
export type NoticeCreateInput = z.input<typeof noticeCreateSchema>;
export type NoticeCreate = z.output<typeof noticeCreateSchema>;

/** "1,2,3" → [1, 2, 3] (query strings). */
const idList = z
  .string({ message: 'errors:noticeRegionRequired' })
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/, { message: 'errors:noticeRegionRequired' })
  .transform((s) => s.split(',').map(Number))
  .pipe(regionIdsSchema);
const typeList = z
  .string({ message: 'errors:noticeTypeRequired' })
  .min(1, { message: 'errors:noticeTypeRequired' })
  .transform((s) => s.split(','))
  .pipe(channelTypesSchema);

/** GET admin/affiliateNotification/recipients?regionIds=1,2&channelTypes=email,sms: who a notice would reach. */
export const noticeRecipientsQuerySchema = z.object({ regionIds: idList, channelTypes: typeList }).strict();

/**
 * Who a notice reaches: `recipients` users have a controller in the regions, `reached` of them have a
 * confirmed channel of a chosen type, `unreachable` have none; `deliveries`: messages (one per channel).
 */
export const noticeReachSchema = z.object({
  recipients: z.number().int(),
  reached: z.number().int(),
  unreachable: z.number().int(),
  deliveries: z.number().int(),
});
export type NoticeReach = z.infer<typeof noticeReachSchema>;

/** POST admin/affiliateNotification → the notice's id, its reach and the success message. */
export const noticeSentSchema = noticeReachSchema.extend({ id: z.number().int(), message: z.string() });
export type NoticeSent = z.infer<typeof noticeSentSchema>;

/** GET admin/affiliateNotification/regions: the regions a sender may choose (global and their own). */
export const noticeRegionSchema = z.object({ id: z.number().int(), name: z.string(), global: z.boolean() });
export type NoticeRegion = z.infer<typeof noticeRegionSchema>;
export const noticeRegionListSchema = z.array(noticeRegionSchema);

/** History page size: default and most. */
export const NOTICE_PAGE_DEFAULT = 20;
export const NOTICE_PAGE_MAX = 100;

/**
 * GET admin/affiliateNotification?affiliationId&limit&before: newest first; `before` (a notice id) pages
 * back. Managers always get their own affiliation's; admins all, or one affiliation's.
 */
export const noticeHistoryQuerySchema = z
  .object({
    affiliationId: z.coerce.number({ message: 'errors:checkInputs' }).pipe(idSchema).optional(),
    limit: z.coerce
      .number({ message: 'errors:checkInputs' })
      .int()
      .min(1)
      .max(NOTICE_PAGE_MAX)
      .default(NOTICE_PAGE_DEFAULT),
    before: z.coerce.number({ message: 'errors:checkInputs' }).pipe(idSchema).optional(),
  })
  .strict();

/** One sent notice with the progress of its deliveries. A deleted region keeps its id, name null. */
export const noticeSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  affiliation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sender: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
  regions: z.array(z.object({ id: z.number().int(), name: z.string().nullable() })),
  channelTypes: z.array(channelTypeSchema),
  message: z.string(),
  recipients: z.number().int(),
  /** Users with at least one delivery. */
  reached: z.number().int(),
  deliveries: z.object({
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
  }),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticePageSchema = z.object({
  notices: z.array(noticeSchema),
  /** Pass as `before` for the next (older) page; null: no more. */
  next: z.number().int().nullable(),
});
export type NoticePage = z.infer<typeof noticePageSchema>;
