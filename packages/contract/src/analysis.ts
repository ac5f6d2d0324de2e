import { z } from 'zod';
import { MIN_CHART_START } from './constants';
import { idListSchema } from './series';

/**
 * Heat map and analysis (docs/timeline.md, "Heat map and analysis"): daily and hourly net weight changes of
 * scales over a period of local days (the controller's time zone), from the daily and hourly rollups.
 */

/** A day whose net weight change exceeds this (kg) is a day of flow (nectar coming in). */
export const FLOW_DAY_MIN_KG = 0.5;
/** Longest analysis period (days): about ten years, the product's whole history. */
export const ANALYSIS_MAX_DAYS = 3700;
/** Longest heat map period (days): one year of columns. */
export const HEATMAP_MAX_DAYS = 366;
/** Winter for the winter consumption: October to March (months 1–12). */
export const WINTER_MONTHS = [10, 11, 12, 1, 2, 3] as const;

const isoDay = z.iso
  .date({ message: 'errors:invalidDate' })
  .refine((d) => d >= MIN_CHART_START.slice(0, 10), { message: 'errors:invalidDate' });

/** The number of days from `from` to `to`, both included. */
export const daySpan = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

type Period = { from: string; to: string };
const ordered = (q: Period) => q.from <= q.to;
const within = (maxDays: number) => (q: Period) => daySpan(q.from, q.to) <= maxDays;
const onTo = (message: string) => ({ message, path: ['to'] });

const requiredIds = z.string({ message: 'errors:selectScalesFirst' }).pipe(idListSchema);
const oneId = z.coerce
  .number({ message: 'errors:idList' })
  .int({ message: 'errors:idList' })
  .positive({ message: 'errors:idList' })
  .max(2_147_483_647, { message: 'errors:idList' });

/** GET analysis?scales=1,2&from=YYYY-MM-DD&to=YYYY-MM-DD (both days included). */
export const analysisQuerySchema = z
  .object({ scales: requiredIds, from: isoDay, to: isoDay })
  .strict()
  .refine(ordered, onTo('errors:rangeInvalid'))
  .refine(within(ANALYSIS_MAX_DAYS), onTo('errors:invalidDateRange'));
export type AnalysisQuery = z.output<typeof analysisQuerySchema>;

/** GET heatmap?scales=1,2&from=…&to=…: scales × days. */
export const heatmapQuerySchema = z
  .object({ scales: requiredIds, from: isoDay, to: isoDay })
  .strict()
  .refine(ordered, onTo('errors:rangeInvalid'))
  .refine(within(HEATMAP_MAX_DAYS), onTo('errors:heatmapRangeTooLong'));
export type HeatmapQuery = z.output<typeof heatmapQuerySchema>;

/** GET heatmap/hours?scale=1&from=…&to=…: one scale, days × hours of the day. */
export const heatmapHoursQuerySchema = z
  .object({ scale: oneId, from: isoDay, to: isoDay })
  .strict()
  .refine(ordered, onTo('errors:rangeInvalid'))
  .refine(within(HEATMAP_MAX_DAYS), onTo('errors:heatmapRangeTooLong'));
export type HeatmapHoursQuery = z.output<typeof heatmapHoursQuerySchema>;

/** The request as the web client builds it (before the query-string encoding). */
export type PeriodRequest = { scales: number[]; from: string; to: string };

export function periodSearchParams(req: PeriodRequest): URLSearchParams {
  return new URLSearchParams({ scales: req.scales.join(','), from: req.from, to: req.to });
}

const scaleRef = {
  idscale: z.number().int(),
  controllerId: z.number().int(),
  name: z.string(),
};
const kg = z.number();

/**
 * One scale's figures over the period (kg, net weights, null where no data): `netGain` = `endWeight` −
 * `startWeight`; `flowDays` = days whose change exceeds FLOW_DAY_MIN_KG; `bestDay` the largest daily
 * change; `winterConsumption` the weight lost over the period's days in October–March (negative: gained);
 * `days` the number of days with a known change.
 */
export const scaleAnalysisSchema = z.object({
  ...scaleRef,
  startWeight: kg.nullable(),
  endWeight: kg.nullable(),
  netGain: kg.nullable(),
  flowDays: z.number().int(),
  bestDay: z.object({ date: z.string(), kg }).nullable(),
  winterConsumption: kg.nullable(),
  days: z.number().int(),
});
export type ScaleAnalysis = z.infer<typeof scaleAnalysisSchema>;

export const analysisResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  scales: z.array(scaleAnalysisSchema),
});
export type AnalysisResponse = z.infer<typeof analysisResponseSchema>;

/** Scales × days: `values[i]` is the net weight change (kg) of `days[i]`, null where unknown. */
export const heatmapResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  rows: z.array(z.object({ ...scaleRef, values: z.array(kg.nullable()) })),
});
export type HeatmapResponse = z.infer<typeof heatmapResponseSchema>;

/** One scale, days × 24 local hours: `values[d][h]` is the change (kg) in hour h of `days[d]`. */
export const heatmapHoursResponseSchema = z.object({
  ...scaleRef,
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  values: z.array(z.array(kg.nullable())),
});
export type HeatmapHoursResponse = z.infer<typeof heatmapHoursResponseSchema>;
