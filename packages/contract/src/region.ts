import { z } from 'zod';

/**
 * Regions (docs/regions.md): a user's own or a global one (admins). The geojson travels stringified (spec:
 * "The geojson is sent stringified"); the server keeps a Polygon or MultiPolygon.
 */
export type RegionGeometry =
  { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };

/** Highest accepted geojson text (the largest Swiss canton is about 100 kB). */
export const REGION_GEOJSON_MAX_CHARS = 2_000_000;
/** Fixed-offset zones exist for whole hours from UTC−12 to UTC+14. */
export const REGION_UTC_OFFSET_MIN = -12;
export const REGION_UTC_OFFSET_MAX = 14;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'regions:timeInvalid' });

export const regionNameSchema = z
  .string({ message: 'errors:fieldRequired' })
  .trim()
  .min(1, { message: 'errors:fieldRequired' })
  .max(100, { message: 'errors:nameTooLong' });

const fields = {
  name: regionNameSchema,
  geojson: z
    .string({ message: 'errors:fieldRequired' })
    .min(1, { message: 'errors:fieldRequired' })
    .max(REGION_GEOJSON_MAX_CHARS, { message: 'regions:geojsonTooLarge' }),
  priority: z.number().int().min(0).max(1000),
  alarmFrom: hhmm.nullable(),
  alarmTo: hhmm.nullable(),
  utcOffset: z.number().int().min(REGION_UTC_OFFSET_MIN).max(REGION_UTC_OFFSET_MAX),
};

const bothOrNone = (v: { alarmFrom?: string | null; alarmTo?: string | null }) =>
  (v.alarmFrom == null) === (v.alarmTo == null);
const windowIssue = { message: 'regions:windowIncomplete', path: ['alarmTo'] };

/** POST region and POST region/{id} (admin/region for global ones): the whole region. */
export const regionSaveSchema = z
  .object({
    ...fields,
    priority: fields.priority.default(0),
    alarmFrom: fields.alarmFrom.default(null),
    alarmTo: fields.alarmTo.default(null),
    utcOffset: fields.utcOffset.default(1),
    /** Admins only: a global region (for every controller), else the caller's own. */
    global: z.boolean().default(false),
  })
  .strict()
  .refine(bothOrNone, windowIssue);
export type RegionSaveInput = z.input<typeof regionSaveSchema>;
export type RegionSave = z.output<typeof regionSaveSchema>;

/** POST region/{id}: any subset; the window's ends go together. */
export const regionUpdateSchema = z
  .object({
    name: fields.name.optional(),
    geojson: fields.geojson.optional(),
    priority: fields.priority.optional(),
    alarmFrom: fields.alarmFrom.optional(),
    alarmTo: fields.alarmTo.optional(),
    utcOffset: fields.utcOffset.optional(),
  })
  .strict()
  .refine((v) => (v.alarmFrom === undefined) === (v.alarmTo === undefined) && bothOrNone(v), windowIssue);
export type RegionUpdate = z.output<typeof regionUpdateSchema>;

export const regionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The geometry, stringified (a Polygon or MultiPolygon). */
  geojson: z.string(),
  priority: z.number().int(),
  alarmFrom: z.string().nullable(),
  alarmTo: z.string().nullable(),
  utcOffset: z.number().int(),
  /** A global region (admins'); read-only for everybody else. */
  global: z.boolean(),
  editable: z.boolean(),
  /** Attribution of imported data (e.g. the cantons' swisstopo source). */
  source: z.string().nullable(),
  /** The caller's controllers with this region as primary / secondary. */
  primaryOf: z.number().int().array(),
  secondaryOf: z.number().int().array(),
});
export type Region = z.infer<typeof regionSchema>;
export const regionListSchema = z.array(regionSchema);

export const regionSaveResponseSchema = z.object({ message: z.string(), region: regionSchema });
export type RegionSaveResponse = z.infer<typeof regionSaveResponseSchema>;

/** POST admin/region/cantons: the Swiss cantons imported (new) or refreshed (already there). */
export const cantonsImportResponseSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  attribution: z.string(),
});
export type CantonsImportResponse = z.infer<typeof cantonsImportResponseSchema>;
