import { and, eq, sql } from 'drizzle-orm';
import type { ShareListSort, ShareType, SortOrder } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { scales, shares } from '../../db/schema';
import { keyset, searchAll, type SortColumn } from '../../db/keyset';
import type { Cursor } from '../../lib/list-cursor';

export type ShareRow = typeof shares.$inferSelect;
export type NewShare = typeof shares.$inferInsert;

const SORTS: Record<ShareListSort, SortColumn> = {
  createdAt: { column: shares.createdAt, type: 'timestamptz' },
  description: { column: shares.description, type: 'text' },
};
export const shareSortType = (sort: ShareListSort) => SORTS[sort].type;

export type SharePageQuery = {
  ownerId: number;
  type?: ShareType | undefined;
  words: string[];
  sort: ShareListSort;
  order: SortOrder;
  cursor: Cursor | undefined;
  limit: number;
};

/** The names of a share's scales, space-separated: searched like a column (a word holds no space). */
const scaleNames = sql`(SELECT string_agg(${scales.name}, ' ') FROM ${scales} WHERE ${scales.id} = ANY(${shares.scaleIds}))`;

export async function insertShare(db: Queryable, row: NewShare): Promise<ShareRow> {
  const [inserted] = await db.insert(shares).values(row).returning();
  if (!inserted) throw new Error('share not inserted');
  return inserted;
}

/**
 * One page of a person's shares, `limit + 1` rows (docs/api-conventions.md "Lists and pagination"), searched
 * in the description and the names of the shared scales.
 */
export async function listSharePage(db: Queryable, q: SharePageQuery) {
  const page = keyset(SORTS[q.sort], shares.id, q.order, q.cursor);
  const search = searchAll(q.words, { contains: [shares.description, scaleNames] });
  const rows = await db
    .select({ share: shares, sortKey: page.sortKey })
    .from(shares)
    .where(
      and(
        eq(shares.ownerId, q.ownerId),
        q.type === undefined ? undefined : eq(shares.type, q.type),
        search,
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
  return rows.map((r) => ({ ...r.share, sortKey: r.sortKey }));
}

export async function findShareByTokenHash(db: Queryable, tokenHash: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(shares).where(eq(shares.tokenHash, tokenHash));
  return row;
}

/**
 * Whether the share `id` is still stored: the revocation check of every token request (docs/shares.md
 * "Caching"), one primary-key lookup, so a share deleted through any app server stops answering at once.
 */
export async function shareExists(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.select({ id: shares.id }).from(shares).where(eq(shares.id, id));
  return row !== undefined;
}

/** Deletes one of the owner's shares; null when there is none of that id (or it is someone else's). */
export async function deleteShareOf(
  db: Queryable,
  id: number,
  ownerId: number,
): Promise<{ id: number; tokenHash: string; publicOnMap: boolean } | null> {
  const [deleted] = await db
    .delete(shares)
    .where(and(eq(shares.id, id), eq(shares.ownerId, ownerId)))
    .returning({ id: shares.id, tokenHash: shares.tokenHash, publicOnMap: shares.publicOnMap });
  return deleted ?? null;
}

export type MapLinkRow = { controller_id: number; token_sealed: string };

/**
 * For each of these controllers, the sealed token of the newest live share linked from the public map that
 * its owner made of one of its scales (docs/maps.md "Live share link"), in one query. Only shares that still
 * open: every listed scale exists, is not archived and stands on a controller of the share's owner (the rule
 * of share-access.ts), so a share of a controller that changed hands never shows.
 */
export async function mapLinkTokens(db: Queryable, controllerIds: number[]): Promise<MapLinkRow[]> {
  if (controllerIds.length === 0) return [];
  const res = await db.execute<MapLinkRow>(sql`
    SELECT DISTINCT ON (sc.controller_id) sc.controller_id, s.token_sealed
    FROM shares s
    JOIN scales sc ON sc.id = ANY(s.scale_ids)
    JOIN controllers c ON c.id = sc.controller_id AND c.owner_id = s.owner_id
    WHERE s.public_on_map AND s.type = 'live' AND s.token_sealed IS NOT NULL
      AND sc.controller_id = ANY(${sql.param(controllerIds)}::int[])
      AND NOT EXISTS (
        SELECT 1 FROM unnest(s.scale_ids) AS listed(id)
        LEFT JOIN scales ls ON ls.id = listed.id
        LEFT JOIN controllers lc ON lc.id = ls.controller_id
        WHERE ls.id IS NULL OR ls.state = 'archived' OR lc.owner_id IS DISTINCT FROM s.owner_id)
    ORDER BY sc.controller_id, s.created_at DESC, s.id DESC`);
  return res.rows;
}
