import { and, asc, desc, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@hivescope/contract';
import type { Cursor, SortType } from '../lib/list-cursor';

/** A whitelisted sort: a NOT NULL column (keyset comparison needs values) and its type. */
export type SortColumn = { column: AnyColumn; type: SortType };

/**
 * Keyset pagination (docs/api-conventions.md "Lists and pagination"): ORDER BY the bare column and the id, so
 * an index on (column, id) serves it, and the next page starts after the cursor's (key, id) by a row
 * comparison; only the cursor's parameter is cast, never the column.
 */
export function keyset(by: SortColumn, id: AnyColumn, order: SortOrder, cursor: Cursor | undefined) {
  const dir = order === 'asc' ? asc : desc;
  // a string id is a uuid (list-cursor.ts checked its form); numbers take the column's integer type
  const cursorId = typeof cursor?.id === 'string' ? sql`${cursor.id}::uuid` : sql`${cursor?.id}`;
  const after = cursor
    ? sql`(${by.column}, ${id}) ${sql.raw(order === 'asc' ? '>' : '<')} (${cursor.key}::${sql.raw(by.type)}, ${cursorId})`
    : undefined;
  return {
    after,
    orderBy: [dir(by.column), dir(id)] as const,
    /** The row's sort key in PostgreSQL's text form: exact (microseconds of a timestamp), for the cursor. */
    sortKey: sql<string>`${by.column}::text`,
  };
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every word occurs (case-insensitively) in one of `contains`, or starts one of `prefixed` (digit columns
 * such as IMSI and IMEI), or — when `id` is given and the word is a number — equals the id.
 */
export function searchAll(
  words: string[],
  fields: { contains: (AnyColumn | SQL)[]; prefixed?: AnyColumn[]; id?: AnyColumn },
): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const like = escapeLike(word);
      const id = fields.id && /^[1-9]\d{0,8}$/.test(word) ? sql`${fields.id} = ${Number(word)}` : undefined;
      return or(
        ...fields.contains.map((c) => sql`${c} ILIKE ${`%${like}%`}`),
        ...(fields.prefixed ?? []).map((c) => sql`${c} LIKE ${`${like}%`}`),
        id,
      );
    }),
  );
}
