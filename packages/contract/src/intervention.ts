import { z } from 'zod';
import { epochSecondsSchema, idListSchema } from './series';

/**
 * Interventions: what a beekeeper did at a hive (a scale), shown as markers on the timeline
 * (docs/timeline.md, "Interventions"). Labels come from a fixed list; their texts are timeline:label.<key>.
 */
export const INTERVENTION_LABELS = [
  'inspection',
  'feeding',
  'harvest',
  'treatment',
  'superAdded',
  'superRemoved',
  'queen',
  'other',
] as const;
export const interventionLabelSchema = z.enum(INTERVENTION_LABELS, { message: 'errors:interventionLabel' });
export type InterventionLabel = z.infer<typeof interventionLabelSchema>;

export const INTERVENTION_DESCRIPTION_MAX = 2000;
/** Interventions lie between 2016-01-01 and one year after now (planned ones are allowed). */
export const INTERVENTION_EARLIEST = '2016-01-01T00:00:00Z';

const description = z
  .string({ message: 'errors:fieldRequired' })
  .trim()
  .max(INTERVENTION_DESCRIPTION_MAX, { message: 'errors:descriptionTooLong' });

/** An ISO 8601 instant with offset (date and time of the intervention; the client sends UTC). */
const time = z
  .string({ message: 'errors:invalidDate' })
  .datetime({ offset: true, message: 'errors:invalidDate' })
  .refine(
    (s) => {
      const t = Date.parse(s);
      return t >= Date.parse(INTERVENTION_EARLIEST) && t <= Date.now() + 366 * 24 * 3600 * 1000;
    },
    { message: 'errors:invalidDate' },
  );

/** POST intervention. */
export const interventionCreateSchema = z.strictObject({
  idscale: z.number({ message: 'errors:scaleNotFound' }).int().positive().max(2_147_483_647),
  label: interventionLabelSchema,
  description: description.default(''),
  time,
});
export type InterventionCreate = z.infer<typeof interventionCreateSchema>;
export type InterventionCreateInput = z.input<typeof interventionCreateSchema>;

/** POST intervention/{id}: any of the fields (the scale stays). */
export const interventionUpdateSchema = z.strictObject({
  label: interventionLabelSchema.optional(),
  description: description.optional(),
  time: time.optional(),
});
export type InterventionUpdate = z.infer<typeof interventionUpdateSchema>;

export const interventionSchema = z.object({
  id: z.number().int(),
  idscale: z.number().int(),
  controllerId: z.number().int(),
  label: interventionLabelSchema,
  description: z.string(),
  /** ISO 8601 UTC */
  time: z.string(),
  /** false for watchers and managers: they may only read */
  editable: z.boolean(),
});
export type Intervention = z.infer<typeof interventionSchema>;

export const interventionSaveResponseSchema = z.object({
  message: z.string(),
  intervention: interventionSchema,
});
export type InterventionSaveResponse = z.infer<typeof interventionSaveResponseSchema>;

/** GET intervention?scales=1,2&xmin=…&xmax=… (epoch seconds, like GET series): ordered by time. */
export const interventionListQuerySchema = z
  .object({
    scales: idListSchema,
    xmin: epochSecondsSchema,
    xmax: epochSecondsSchema,
  })
  .refine((q) => q.xmin < q.xmax, { message: 'errors:rangeInvalid', path: ['xmax'] });
export type InterventionListQuery = z.infer<typeof interventionListQuerySchema>;

export const interventionListSchema = z.array(interventionSchema);

/** The query string of GET intervention. */
export function interventionSearchParams(q: {
  scales: number[];
  xmin: number;
  xmax: number;
}): URLSearchParams {
  return new URLSearchParams({ scales: q.scales.join(','), xmin: String(q.xmin), xmax: String(q.xmax) });
}
