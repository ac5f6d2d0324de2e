import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SeriesName, ShareKind, ShareType } from '@hivescope/contract';
import { users } from './users';

/**
 * Shares (docs/shares.md): a read-only view of some of the owner's scales. Only the SHA-256 of the link's
 * token is stored; the scales are listed by id (a removed scale makes the share answer "unavailable").
 */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    type: text('type').$type<ShareType>().notNull(),
    kind: text('kind').$type<ShareKind>().notNull(),
    description: text('description').notNull().default(''),
    scaleIds: integer('scale_ids').array().notNull(),
    series: text('series').array().$type<SeriesName[]>().notNull(),
    /** fixed time frame */
    rangeFrom: timestamp('range_from', { withTimezone: true }),
    rangeTo: timestamp('range_to', { withTimezone: true }),
    /** live feed: the last N days */
    days: integer('days'),
    /**
     * The owner lets the public map link this live feed (docs/maps.md "Live share link"). Only then is the
     * token kept, sealed (encrypted), so the map can hand out the link; otherwise only its hash exists.
     */
    publicOnMap: boolean('public_on_map').notNull().default(false),
    tokenSealed: text('token_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // an owner's list pages by (created_at, id) (docs/api-conventions.md "Lists and pagination"); the index
  // also serves every lookup by owner
  (t) => [
    uniqueIndex('shares_token_hash_idx').on(t.tokenHash),
    index('shares_owner_created_id_idx').on(t.ownerId, t.createdAt, t.id),
  ],
);
