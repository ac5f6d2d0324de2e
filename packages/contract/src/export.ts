import { z } from 'zod';
import { MIN_CHART_START } from './constants';
import {
  DEVICE_SERIES,
  SCALE_SERIES,
  SERIES_MAX_TARGETS,
  TIMELINE_WEATHER_SERIES,
  resolutionSchema,
} from './series';

/**
 * Data export (/export, docs/export.md): chosen scales, series, a period of days, a resolution, CSV or
 * XLSX, times in the controller's local time or UTC. Small exports download at once; larger ones run as an
 * EXPORT job whose file its owner downloads within EXPORT_FILE_TTL_HOURS.
 */
export const EXPORT_SERIES = [...SCALE_SERIES, ...DEVICE_SERIES, ...TIMELINE_WEATHER_SERIES] as const;
export type ExportSeries = (typeof EXPORT_SERIES)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_TIME_ZONES = ['local', 'utc'] as const;
export type ExportTimeZone = (typeof EXPORT_TIME_ZONES)[number];

/** Exports estimated at more rows than this run as a job instead of downloading at once. */
export const EXPORT_DIRECT_MAX_ROWS = 50_000;
/** An export job's file is kept this long after it was written, then removed. */
export const EXPORT_FILE_TTL_HOURS = 24;
/** Longest export period (days): about ten years, the product's whole history. */
export const EXPORT_MAX_DAYS = 3700;

const isoDay = z.iso
  .date({ message: 'errors:invalidDate' })
  .refine((d) => d >= MIN_CHART_START.slice(0, 10), { message: 'errors:invalidDate' });

const scaleId = z.number().int().positive().max(2_147_483_647);

/** POST export: the period's days `from`..`to` are both included (in the chosen time zone). */
export const exportRequestSchema = z
  .object({
    scales: z
      .array(scaleId, { message: 'errors:selectScalesFirst' })
      .min(1, { message: 'errors:selectScalesFirst' })
      .max(SERIES_MAX_TARGETS, { message: 'errors:seriesTooManyTargets' })
      .transform((ids) => [...new Set(ids)]),
    series: z
      .array(z.enum(EXPORT_SERIES, { message: 'errors:seriesUnknown' }), { message: 'errors:seriesUnknown' })
      .min(1, { message: 'errors:seriesUnknown' })
      .transform((names) => [...new Set(names)]),
    from: isoDay,
    to: isoDay,
    resolution: resolutionSchema,
    format: z.enum(EXPORT_FORMATS),
    timeZone: z.enum(EXPORT_TIME_ZONES),
  })
  .strict()
  .refine((r) => r.from <= r.to, { message: 'errors:invalidDateRange', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 <= EXPORT_MAX_DAYS, {
    message: 'errors:invalidDateRange',
    path: ['to'],
  });
export type ExportRequest = z.input<typeof exportRequestSchema>;
export type ExportQuery = z.output<typeof exportRequestSchema>;

/** Where the owner downloads a finished export job's file. */
export const exportFilePath = (jobId: string) => `export/files/${jobId}`;
