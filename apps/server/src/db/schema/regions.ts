import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RegionGeometry } from '@hivescope/contract';
import { users } from './users';

/**
 * A region (docs/regions.md): a user's own (`owner_id`) or a global one (`owner_id` null, managed by admins).
 * The bounding box prefilters point-in-polygon tests; `source_key` makes imports (the Swiss cantons) idempotent.
 */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    geometry: jsonb('geometry').$type<RegionGeometry>().notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    priority: integer('priority').notNull().default(0),
    /** Local alarm window in the region's UTC offset (minutes after midnight); both null: no window. */
    alarmFromMinute: smallint('alarm_from_minute'),
    alarmToMinute: smallint('alarm_to_minute'),
    utcOffsetHours: smallint('utc_offset_hours').notNull().default(1),
    /** Attribution of imported data, shown with the region. */
    source: text('source'),
    sourceKey: text('source_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('regions_owner_idx').on(t.ownerId), uniqueIndex('regions_source_key_uq').on(t.sourceKey)],
);
