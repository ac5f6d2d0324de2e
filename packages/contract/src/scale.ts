import { z } from 'zod';
import { CHANNELS_PER_CONTROLLER, MIN_CHART_START } from './constants';

/** A channel number of a controller: 1..8. */
export const channelNumberSchema = z
  .number({ message: 'errors:channelRange' })
  .int({ message: 'errors:channelRange' })
  .min(1, { message: 'errors:channelRange' })
  .max(CHANNELS_PER_CONTROLLER, { message: 'errors:channelRange' });

export const SCALE_TYPES = ['weight', 'sensor'] as const;
export const scaleTypeSchema = z.enum(SCALE_TYPES);
export type ScaleType = z.infer<typeof scaleTypeSchema>;

/** Spec §4 Scale states. `archived` is reached only through POST controller/{id}/channel/{ch}/archive. */
export const SCALE_STATES = ['active', 'empty', 'deactivated', 'archived'] as const;
export const scaleStateSchema = z.enum(SCALE_STATES);
export type ScaleState = z.infer<typeof scaleStateSchema>;
/** States an owner may set with POST scale/{idscale}. */
export const scaleEditableStateSchema = z.enum(['active', 'empty', 'deactivated']);

const kg = z
  .number({ message: 'errors:weightRange' })
  .min(0, { message: 'errors:weightRange' })
  .max(10_000, { message: 'errors:weightRange' });
const scaleName = z
  .string({ message: 'errors:fieldRequired' })
  .trim()
  .min(1, { message: 'errors:fieldRequired' })
  .max(100, { message: 'errors:nameTooLong' });

/**
 * A scale or sensor on a channel (docs/controllers.md, "Scales") with its current values. `total` = emptyWeight + reserves;
 * `net` = weight − emptyWeight − reserves (null without a weight). Current values are the latest reading of the
 * channel since `setupAt` (until `archivedAt` for archived scales).
 */
export const scaleSchema = z.object({
  idscale: z.number().int(),
  controllerId: z.number().int(),
  name: z.string(),
  type: scaleTypeSchema,
  channel: z.number().int(),
  visible: z.boolean(),
  isBrood: z.boolean(),
  emptyWeight: z.number(),
  reserves: z.number(),
  total: z.number(),
  state: scaleStateSchema,
  setupAt: z.string(),
  archivedAt: z.string().nullable(),
  weight: z.number().nullable(),
  weightTime: z.string().nullable(),
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
  net: z.number().nullable(),
});
export type Scale = z.infer<typeof scaleSchema>;

/** Fields of a scale an owner sets when creating it (also used for the channel setup of a registration). */
export const scaleFieldsSchema = z.object({
  name: scaleName,
  type: scaleTypeSchema.default('weight'),
  isBrood: z.boolean().default(false),
  visible: z.boolean().default(true),
  emptyWeight: kg.default(0),
  reserves: kg.default(0),
});

const channelRef = z
  .string({ message: 'errors:channelRange' })
  .regex(/^\d{1,9}:\d{1,2}$/, { message: 'errors:channelRange' });

/**
 * POST scale. The channel is given either as `channel: "controllerId:channel"` (the select value of the form,
 * split on the colon) or as `controllerId` + `channelId`. Parsed into `{ controllerId, channelId, ...fields }`.
 */
export const scaleCreateSchema = scaleFieldsSchema
  .extend({
    channel: channelRef.optional(),
    /**
     * Where the scale's history starts (docs/alarms.md "History"): readings the transmitter sent on the
     * channel since then count for this scale. Default now; not before 2016-01-01 (the server also refuses the
     * future and overlap with the channel's previous scale).
     */
    since: z.iso
      .datetime({ offset: true, message: 'errors:invalidDate' })
      .refine((v) => Date.parse(v) >= Date.parse('2016-01-01T00:00:00Z'), { message: 'errors:invalidDate' })
      .optional(),
    controllerId: z.number().int().positive().optional(),
    channelId: z.number().int().optional(),
  })
  .strict()
  .transform((v, ctx) => {
    const [c, ch] = v.channel ? v.channel.split(':').map(Number) : [v.controllerId, v.channelId];
    if (c === undefined || ch === undefined) {
      ctx.addIssue({ code: 'custom', path: ['channel'], message: 'errors:fieldRequired' });
      return z.NEVER;
    }
    const checked = channelNumberSchema.safeParse(ch);
    if (!checked.success) {
      ctx.addIssue({ code: 'custom', path: ['channel'], message: 'errors:channelRange' });
      return z.NEVER;
    }
    const { channel: _c, controllerId: _i, channelId: _h, ...fields } = v;
    return { ...fields, controllerId: c, channelId: checked.data };
  });
export type ScaleCreateInput = z.input<typeof scaleCreateSchema>;
export type ScaleCreate = z.output<typeof scaleCreateSchema>;

/** POST scale/{idscale}: any subset of the editable fields. */
export const scaleUpdateSchema = z
  .object({
    name: scaleName,
    visible: z.boolean(),
    isBrood: z.boolean(),
    emptyWeight: kg,
    reserves: kg,
    state: scaleEditableStateSchema,
  })
  .partial()
  .strict();
export type ScaleUpdate = z.infer<typeof scaleUpdateSchema>;

export const scaleSaveResponseSchema = z.object({ message: z.string(), scale: scaleSchema });
export type ScaleSaveResponse = z.infer<typeof scaleSaveResponseSchema>;

/** GET controller/{id}/midnightvalues: each live scale's weight at the last local midnight. */
export const midnightValuesSchema = z.object({
  controllerId: z.number().int(),
  fetching: z.literal(false),
  /** The last local midnight (controller's time zone) as a UTC instant. */
  midnight: z.string(),
  timeZone: z.string(),
  scales: z.array(
    z.object({
      idscale: z.number().int(),
      channel: z.number().int(),
      weight: z.number().nullable(),
      time: z.string().nullable(),
    }),
  ),
});
export type MidnightValues = z.infer<typeof midnightValuesSchema>;

/** Splits a "controllerId:channel" select value (docs/product.md §3). */
export function splitChannelValue(value: string): { controllerId: number; channelId: number } | null {
  const m = /^(\d+):(\d+)$/.exec(value);
  return m ? { controllerId: Number(m[1]), channelId: Number(m[2]) } : null;
}

/** Earliest `since` of a new scale: the device protocol's earliest time. */
export const MIN_SCALE_SINCE = MIN_CHART_START;
