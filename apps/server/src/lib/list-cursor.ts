import type { SortOrder } from '@hivescope/contract';
import { badRequest } from '../http/errors';
import { isPgId, PG_INT_MAX } from './pg-range';

/** The PostgreSQL type of a sort column, which decides how a cursor's key is checked and compared. */
export type SortType = 'text' | 'timestamptz' | 'int4';

/**
 * The type of a list's id column, the tie-break: `int4` (serial, the default), `int8` (bigserial, up to
 * JavaScript's safe integers) or `uuid` (the jobs, whose id is pg-boss's).
 */
export type IdType = 'int4' | 'int8' | 'uuid';

/** Where the next page starts: the last row's sort key (PostgreSQL's text form) and id (a string: uuid). */
export type Cursor = { key: string; id: number | string };

// PostgreSQL's ISO output of timestamptz (DateStyle ISO), the only form a cursor of ours carries
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const INT = /^-?\d{1,10}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function idFits(id: unknown, type: IdType): boolean {
  if (type === 'uuid') return typeof id === 'string' && UUID.test(id);
  if (typeof id !== 'number') return false;
  return type === 'int4' ? isPgId(id) : Number.isSafeInteger(id) && id >= 1;
}

function keyFits(key: string, type: SortType): boolean {
  if (type === 'timestamptz') return TIMESTAMP.test(key);
  if (type === 'int4') return INT.test(key) && Math.abs(Number(key)) <= PG_INT_MAX;
  return key.length <= 1000 && !key.includes('\u0000');
}

/**
 * A cursor names its sort and order, so one made for another sort is refused rather than read with the wrong
 * column (docs/api-conventions.md "Lists and pagination"). Opaque to clients, not a secret: base64url JSON.
 */
export function encodeCursor(sort: string, order: SortOrder, row: Cursor): string {
  return Buffer.from(JSON.stringify([sort, order, row.key, row.id])).toString('base64url');
}

/** The cursor of `raw`, or a 400 "invalid page position" when it is malformed or was made for another sort. */
export function decodeCursor(
  raw: string | undefined,
  sort: string,
  order: SortOrder,
  type: SortType,
  idType: IdType = 'int4',
): Cursor | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('errors:listCursor');
  }
  if (!Array.isArray(value) || value.length !== 4) throw badRequest('errors:listCursor');
  const [s, o, key, id] = value as unknown[];
  if (s !== sort || o !== order || typeof key !== 'string' || !idFits(id, idType))
    throw badRequest('errors:listCursor');
  if (!keyFits(key, type)) throw badRequest('errors:listCursor');
  return { key, id: id as number | string };
}

/** Rows fetched with `limit + 1`: the page and, when the extra row came, the cursor after its last row. */
export function toPage<R>(
  rows: R[],
  query: { limit: number; sort: string; order: SortOrder },
  positionOf: (row: R) => Cursor,
): { rows: R[]; nextCursor: string | null } {
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const more = rows.length > query.limit && last !== undefined;
  return { rows: page, nextCursor: more ? encodeCursor(query.sort, query.order, positionOf(last)) : null };
}

/** Words of a search text (at most 8; more only narrow an answer that is already small). */
export const searchWords = (q: string | undefined) => (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
