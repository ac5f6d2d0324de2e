import { z } from 'zod';
import { locationSchema } from './controller';

/**
 * GET map/public (anonymous, docs/maps.md): the controllers whose owners chose `displayOnPublicMap`, each at
 * a position shifted 100–500 m from the true one (the same shift every time). Nothing else about the
 * controller or its owner is sent.
 */
export const publicMapEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the shifted position, never the true one */
  location: locationSchema,
  /** today's change in kg: the mean over its visible active weight scales; null when none has both values */
  todayChangeKg: z.number().nullable(),
  /** how many scales the mean is taken over */
  scaleCount: z.number().int(),
  /** the controller's live share when its owner has one (docs/maps.md "Live share link") */
  liveShareUrl: z.string().nullable(),
});
export type PublicMapEntry = z.infer<typeof publicMapEntrySchema>;
export const publicMapSchema = z.object({
  controllers: z.array(publicMapEntrySchema),
  /** when the (briefly cached) answer was built */
  generatedAt: z.string(),
});
export type PublicMap = z.infer<typeof publicMapSchema>;

/** The admin map's states (docs/maps.md "Admin map"): expired before silent before reporting. */
export const MAP_STATES = ['reporting', 'silent', 'expired'] as const;
export const mapStateSchema = z.enum(MAP_STATES);
export type MapState = z.infer<typeof mapStateSchema>;

/**
 * GET admin/map?state=silent,expired&affiliationId&regionId: every filter optional. `regionId` matches the
 * controller's primary region (docs/regions.md "Assignment").
 */
export const adminMapQuerySchema = z
  .object({
    state: z
      .string({ message: 'errors:checkInputs' })
      .transform((v) => v.split(',').filter((s) => s !== ''))
      .pipe(z.array(mapStateSchema, { message: 'errors:checkInputs' }).max(MAP_STATES.length))
      .optional(),
    affiliationId: z.coerce.number({ message: 'errors:checkInputs' }).int().positive().optional(),
    regionId: z.coerce.number({ message: 'errors:checkInputs' }).int().positive().optional(),
  })
  .strict();
export type AdminMapQuery = z.infer<typeof adminMapQuerySchema>;

export const adminMapEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the true position */
  location: locationSchema,
  state: mapStateSchema,
  ownerEmail: z.string().nullable(),
  affiliationId: z.number().int().nullable(),
  affiliationName: z.string().nullable(),
  /** the primary region (docs/regions.md), by which the screen filters */
  regionId: z.number().int().nullable(),
  regionName: z.string().nullable(),
  lastUpdate: z.string().nullable(),
  subscriptionEnd: z.string(),
});
export type AdminMapEntry = z.infer<typeof adminMapEntrySchema>;
/** A controller without a location: not on the map, but counted and named beside it (docs/maps.md "Admin map"). */
export const adminMapUnplacedSchema = adminMapEntrySchema.pick({
  id: true,
  name: true,
  state: true,
  affiliationId: true,
  regionId: true,
});
export type AdminMapUnplaced = z.infer<typeof adminMapUnplacedSchema>;
export const adminMapSchema = z.object({
  controllers: z.array(adminMapEntrySchema),
  /** controllers matching the filters that have no location (not on the map) */
  withoutLocation: z.array(adminMapUnplacedSchema),
});
export type AdminMap = z.infer<typeof adminMapSchema>;
