import { bigint, boolean, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row: a counter that triggers raise whenever what the public map shows changes in the database — a
 * controller put on or taken off the map, moved, renamed or handed to another owner, a share linked from the
 * map created or deleted (migration `0022_public_map.sql`). Every app server compares it with the
 * answer it cached, so such a change shows at once on all of them (docs/maps.md "Caching").
 */
export const publicMapVersion = pgTable('public_map_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
