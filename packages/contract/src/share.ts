import { z } from 'zod';
import { listQuerySchema, pageSchema } from './list';
import { SERIES_MAX_TARGETS, epochSecondsSchema, seriesNameSchema, SERIES_NAMES } from './series';

/**
 * Shares (docs/shares.md): a read-only view of some of a beekeeper's scales, opened by anyone holding its link.
 * The link carries a random token (`?token=`), which the web client sends as `X-Share-Token`.
 */
export const SHARE_TYPES = ['fixed', 'live', 'yearToDate'] as const;
export const shareTypeSchema = z.enum(SHARE_TYPES);
export type ShareType = z.infer<typeof shareTypeSchema>;

export const SHARE_KINDS = ['iframe', 'link'] as const;
export const shareKindSchema = z.enum(SHARE_KINDS);
export type ShareKind = z.infer<typeof shareKindSchema>;

/** Live feeds show the last N days, 1 ≤ N ≤ this. */
export const SHARE_LIVE_DAYS_MAX = 366;
export const SHARE_DESCRIPTION_MAX = 2000;
/** How often an open live feed reloads its series (ms). */
export const SHARE_REFRESH_MS = 3 * 60_000;

/** The public page of a share: fixed time frames on /shared/timeline, moving ones on /shared/livefeed. */
export const sharePath = (type: ShareType) => (type === 'fixed' ? '/shared/timeline' : '/shared/livefeed');

/** POST share. */
export const shareCreateSchema = z
  .strictObject({
    scales: z
      .array(z.number().int().positive().max(2_147_483_647), { message: 'errors:selectScalesFirst' })
      .min(1, { message: 'errors:selectScalesFirst' })
      .max(SERIES_MAX_TARGETS, { message: 'errors:seriesTooManyTargets' })
      .transform((ids) => [...new Set(ids)]),
    series: z
      .array(seriesNameSchema)
      .min(1, { message: 'errors:seriesUnknown' })
      .max(SERIES_NAMES.length)
      .transform((names) => [...new Set(names)]),
    type: shareTypeSchema,
    xmin: epochSecondsSchema.optional(),
    xmax: epochSecondsSchema.optional(),
    days: z.number().int().min(1).max(SHARE_LIVE_DAYS_MAX).optional(),
    description: z
      .string()
      .trim()
      .max(SHARE_DESCRIPTION_MAX, { message: 'errors:descriptionTooLong' })
      .default(''),
    kind: shareKindSchema,
    /**
     * Link this live feed from the owner's controllers on the public map (docs/shares.md "Live share link"):
     * its token is then kept sealed so the map can hand the link out. Live feeds only.
     */
    publicOnMap: z.boolean().optional(),
  })
  .superRefine((s, ctx) => {
    if (s.type === 'fixed' && !(s.xmin !== undefined && s.xmax !== undefined && s.xmin < s.xmax))
      ctx.addIssue({ code: 'custom', message: 'errors:rangeInvalid', path: ['xmax'] });
    if (s.type === 'live' && s.days === undefined)
      ctx.addIssue({ code: 'custom', message: 'errors:fieldRequired', path: ['days'] });
    if (s.publicOnMap && s.type !== 'live')
      ctx.addIssue({ code: 'custom', message: 'errors:shareMapLiveOnly', path: ['publicOnMap'] });
  });
export type ShareCreate = z.infer<typeof shareCreateSchema>;
export type ShareCreateInput = z.input<typeof shareCreateSchema>;

/** One share in GET share (the caller's own shares). The token is not stored, so it is not listed. */
export const shareSchema = z.object({
  id: z.number(),
  type: shareTypeSchema,
  kind: shareKindSchema,
  description: z.string(),
  /** ISO 8601 */
  issuedAt: z.string(),
  /** fixed: the time frame (epoch seconds); else null */
  xmin: z.number().nullable(),
  xmax: z.number().nullable(),
  /** live: the last N days; else null */
  days: z.number().nullable(),
  scales: z.array(z.object({ id: z.number(), name: z.string() })),
  series: z.array(seriesNameSchema),
  /** linked from the public map (docs/shares.md "Live share link") */
  publicOnMap: z.boolean(),
});
export type Share = z.infer<typeof shareSchema>;

/** Sorts of GET share (docs/api-conventions.md "Lists and pagination"). */
export const SHARE_LIST_SORTS = ['createdAt', 'description'] as const;
export type ShareListSort = (typeof SHARE_LIST_SORTS)[number];

/** GET share: a page of the caller's shares, newest first unless `order=asc`; searched in the description and the scales' names. */
export const sharesQuerySchema = listQuerySchema(SHARE_LIST_SORTS, { order: 'desc' })
  .extend({ type: shareTypeSchema.optional() })
  .strict();
export type SharesQuery = z.infer<typeof sharesQuerySchema>;
export const sharePageSchema = pageSchema(shareSchema);
export type SharePage = z.infer<typeof sharePageSchema>;

/** POST share answers the link once: only its hash is stored. */
export const shareCreateResponseSchema = z.object({
  message: z.string(),
  share: shareSchema,
  token: z.string(),
  /** the absolute URL of the public page with the token */
  url: z.string(),
});
export type ShareCreateResponse = z.infer<typeof shareCreateResponseSchema>;

/** GET share/view (with X-Share-Token): what the public page draws, the range computed by the server. */
export const shareViewSchema = z.object({
  type: shareTypeSchema,
  description: z.string(),
  scales: z.array(z.object({ id: z.number(), name: z.string(), controllerId: z.number() })),
  controllers: z.array(z.number()),
  series: z.array(seriesNameSchema),
  xmin: z.number(),
  xmax: z.number(),
  days: z.number().nullable(),
});
export type ShareView = z.infer<typeof shareViewSchema>;
