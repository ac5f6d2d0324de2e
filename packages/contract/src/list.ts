import { z } from 'zod';

/**
 * Server-side lists (docs/api-conventions.md "Lists and pagination"): keyset pages of `limit` rows after an
 * opaque `cursor`, searched with `q`, ordered by one whitelisted `sort` column and `order`, ties broken by id.
 */
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 500;
export const LIST_SEARCH_MAX = 100;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The query of a list whose `sort` is one of `sorts` (the first is the default). `defaults.order`: the
 * list's default order when it is not `asc` (newest first for the lists of events, jobs and shares).
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(
  sorts: S,
  defaults: { order?: SortOrder } = {},
) {
  return z.object({
    limit: z.coerce
      .number({ message: 'errors:listLimit' })
      .int({ message: 'errors:listLimit' })
      .min(1, { message: 'errors:listLimit' })
      .max(LIST_MAX_LIMIT, { message: 'errors:listLimit' })
      .default(LIST_DEFAULT_LIMIT),
    // base64url of the last row's sort key and id; decoded (and refused with errors:listCursor) by the server
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,1024}$/, { message: 'errors:listCursor' })
      .optional(),
    q: z.string().trim().max(LIST_SEARCH_MAX, { message: 'errors:listSearch' }).optional(),
    sort: z.enum(sorts, { message: 'errors:listSort' }).default(sorts[0]),
    order: z.enum(SORT_ORDERS, { message: 'errors:listSort' }).default(defaults.order ?? 'asc'),
  });
}

/** One page of a list: `nextCursor` is passed as `cursor` for the next page; null: this is the last. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export type Page<T> = { items: T[]; nextCursor: string | null };

/** What a web client sends (every field optional; the server fills the defaults). */
export type ListParams<S extends string = string> = {
  limit?: number;
  cursor?: string;
  q?: string;
  sort?: S;
  order?: SortOrder;
};
