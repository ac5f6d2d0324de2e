import { z } from 'zod';
import type { WeatherSeries } from './weather';

/**
 * The timeline's measurement series (docs/timeline.md). A series belongs either to a scale (its channel's
 * readings) or to a controller (its status reports, the weather at its location, the grassland sums).
 * Temperature and humidity exist twice: measured by a scale's sensor and from the weather.
 */
export const SCALE_SERIES = ['weight', 'temperature', 'humidity'] as const;
export const DEVICE_SERIES = ['chipTemperature', 'networkQuality', 'batteryVoltage'] as const;
export const TIMELINE_WEATHER_SERIES = [
  'weatherTemperature',
  'weatherHumidity',
  'windSpeed',
  'precipitation',
  'apparentTemperature',
  'dewPoint',
  'windBearing',
  'visibility',
  'cloudCover',
  'pressure',
] as const;
export type TimelineWeatherSeries = (typeof TIMELINE_WEATHER_SERIES)[number];
/** The stored weather field (weather.ts) behind each timeline weather series. */
export const WEATHER_FIELD_OF = {
  weatherTemperature: 'temperature',
  weatherHumidity: 'humidity',
  windSpeed: 'windSpeed',
  precipitation: 'precipitation',
  apparentTemperature: 'apparentTemperature',
  dewPoint: 'dewPoint',
  windBearing: 'windBearing',
  visibility: 'visibility',
  cloudCover: 'cloudCover',
  pressure: 'pressure',
} as const satisfies Record<TimelineWeatherSeries, WeatherSeries>;
/** From 1 January, the sum of positive daily mean temperatures (grasslandTemperatureSum). */
export const GRASSLAND_SERIES = ['grasslandSumWeather', 'grasslandSumChip'] as const;
export const CONTROLLER_SERIES = [...DEVICE_SERIES, ...TIMELINE_WEATHER_SERIES, ...GRASSLAND_SERIES] as const;
export const SERIES_NAMES = [...SCALE_SERIES, ...CONTROLLER_SERIES] as const;

export const seriesNameSchema = z.enum(SERIES_NAMES, { message: 'errors:seriesUnknown' });
export type SeriesName = z.infer<typeof seriesNameSchema>;
export type ScaleSeriesName = (typeof SCALE_SERIES)[number];
export type ControllerSeriesName = (typeof CONTROLLER_SERIES)[number];
export type DeviceSeriesName = (typeof DEVICE_SERIES)[number];

export const isScaleSeries = (name: SeriesName): name is ScaleSeriesName =>
  (SCALE_SERIES as readonly string[]).includes(name);
export const isWeatherSeries = (name: SeriesName) =>
  (TIMELINE_WEATHER_SERIES as readonly string[]).includes(name) || name === 'grasslandSumWeather';

/** The unit of each series: the chart puts series of one unit on one axis. */
export const SERIES_UNITS = {
  weight: 'kg',
  temperature: '°C',
  humidity: '%',
  chipTemperature: '°C',
  networkQuality: 'dBm',
  batteryVoltage: 'V',
  weatherTemperature: '°C',
  weatherHumidity: '%',
  windSpeed: 'km/h',
  precipitation: 'mm',
  apparentTemperature: '°C',
  dewPoint: '°C',
  windBearing: '°',
  visibility: 'm',
  cloudCover: '%',
  pressure: 'hPa',
  // degree-days: a sum of daily means, on an axis of its own, never on the temperatures' °C axis
  grasslandSumWeather: '°Cd',
  grasslandSumChip: '°Cd',
} as const satisfies Record<SeriesName, string>;
export type SeriesUnit = (typeof SERIES_UNITS)[SeriesName];

/** At most this many points per series in an answer (docs/timeline.md, "Resolution"). */
export const SERIES_MAX_POINTS = 2000;
/** At most this many scales and this many controllers per series call. */
export const SERIES_MAX_TARGETS = 20;

export const RESOLUTIONS = ['raw', 'hourly', 'daily'] as const;
export const resolutionSchema = z.enum(RESOLUTIONS);
export type SeriesResolution = z.infer<typeof resolutionSchema>;

/**
 * ok: values in the range; noData: the source has nothing in the range; noWeatherData: no weather is stored
 * for the controller's location in the range (yet: it is loaded overnight).
 */
export const SERIES_STATUSES = ['ok', 'noData', 'noWeatherData'] as const;
export const seriesStatusSchema = z.enum(SERIES_STATUSES);
export type SeriesStatus = z.infer<typeof seriesStatusSchema>;

/** Epoch seconds (the chart's time unit). 2000-01-01 .. 2100-01-01. */
export const epochSecondsSchema = z.coerce
  .number({ message: 'errors:invalidDate' })
  .finite({ message: 'errors:invalidDate' })
  .min(946_684_800, { message: 'errors:invalidDate' })
  .max(4_102_444_800, { message: 'errors:invalidDate' });

/** "1,2,3" → [1, 2, 3]: positive integer ids, without duplicates, at most SERIES_MAX_TARGETS. */
export const idListSchema = z
  .string()
  .regex(/^([1-9][0-9]{0,9})(,[1-9][0-9]{0,9})*$/, { message: 'errors:idList' })
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .pipe(
    z
      .array(z.number().int().max(2_147_483_647, { message: 'errors:idList' }))
      .max(SERIES_MAX_TARGETS, { message: 'errors:seriesTooManyTargets' }),
  );

const nameList = z
  .string()
  .min(1, { message: 'errors:seriesUnknown' })
  .transform((s) => [...new Set(s.split(','))])
  .pipe(z.array(seriesNameSchema));

/** Range query of the chart calls: xmin < xmax, epoch seconds. */
export const chartRangeSchema = z
  .object({ xmin: epochSecondsSchema, xmax: epochSecondsSchema })
  .refine((r) => r.xmin < r.xmax, { message: 'errors:rangeInvalid', path: ['xmax'] });

/**
 * GET series?scales=1,2&controllers=7&series=weight,chipTemperature&xmin=…&xmax=… (query string).
 * Scale series are answered for every listed scale, controller series for every listed controller.
 */
export const seriesQuerySchema = z
  .object({
    scales: idListSchema.optional(),
    controllers: idListSchema.optional(),
    series: nameList,
    xmin: epochSecondsSchema,
    xmax: epochSecondsSchema,
  })
  .refine((q) => q.xmin < q.xmax, { message: 'errors:rangeInvalid', path: ['xmax'] });
export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

/** What the web client asks for (before the query-string encoding of seriesSearchParams). */
export type SeriesRequest = {
  scales?: number[];
  controllers?: number[];
  series: SeriesName[];
  xmin: number;
  xmax: number;
};

/** The query string of a series call. */
export function seriesSearchParams(req: SeriesRequest): URLSearchParams {
  const params = new URLSearchParams();
  if (req.scales?.length) params.set('scales', req.scales.join(','));
  if (req.controllers?.length) params.set('controllers', req.controllers.join(','));
  params.set('series', req.series.join(','));
  params.set('xmin', String(req.xmin));
  params.set('xmax', String(req.xmax));
  return params;
}

/**
 * One series of one scale or controller, columnar (uPlot's data layout). `times` are epoch seconds: raw
 * readings at their time, hourly points at the start of the UTC hour, daily points at the local midnight of
 * the controller's time zone. `values` are the mean of the interval when aggregated (the last value for the
 * grassland sums); `min` / `max` are present for aggregated series whose source keeps extremes (weight and
 * the controller's status series). Weights are net (weight − empty weight − reserves, as on the dashboard).
 */
export const seriesDataSchema = z.object({
  /** scale: `id` is the idscale; controller: `id` is the controller id */
  kind: z.enum(['scale', 'controller']),
  id: z.number().int(),
  controllerId: z.number().int(),
  series: seriesNameSchema,
  status: seriesStatusSchema,
  unit: z.string(),
  resolution: resolutionSchema,
  times: z.array(z.number()),
  values: z.array(z.number().nullable()),
  min: z.array(z.number().nullable()).optional(),
  max: z.array(z.number().nullable()).optional(),
});
export type SeriesData = z.infer<typeof seriesDataSchema>;

/** The answer of GET series: one entry per (scale, scale series) and (controller, controller series). */
export const seriesResponseSchema = z.object({
  xmin: z.number(),
  xmax: z.number(),
  /** the resolution chosen for the span (a series may be coarser: grassland sums are always daily) */
  resolution: resolutionSchema,
  series: z.array(seriesDataSchema),
});
export type SeriesResponse = z.infer<typeof seriesResponseSchema>;
