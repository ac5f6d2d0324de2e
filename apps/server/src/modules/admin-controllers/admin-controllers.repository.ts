import { and, eq, inArray, isNotNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ControllerListSort, SortOrder } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { affiliations, controllers, scales, users } from '../../db/schema';
import type { NewController } from '../controllers/controllers.repository';
import { isPgId } from '../../lib/pg-range';
import type { Queryable } from '../../db/queryable';
import { keyset, searchAll, type SortColumn } from '../../db/keyset';
import type { Cursor } from '../../lib/list-cursor';

const scaleCount = sql<number>`(select count(*)::int from ${scales} s where s.controller_id = ${controllers.id} and s.state <> 'archived')`;

/** Controllers with owner email, affiliation and live scale count: one query, for the admin and manager lists. */
function selectRows(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      c: controllers,
      ownerEmail: users.email,
      affiliationName: affiliations.name,
      scaleCount,
    })
    .from(controllers)
    .leftJoin(users, eq(users.id, controllers.ownerId))
    .leftJoin(affiliations, eq(affiliations.id, controllers.affiliationId))
    .where(where)
    .orderBy(controllers.name, controllers.id);
}
export type AdminRow = Awaited<ReturnType<typeof selectRows>>[number];

const SORTS: Record<ControllerListSort, SortColumn> = {
  name: { column: controllers.name, type: 'text' },
  createdAt: { column: controllers.createdAt, type: 'timestamptz' },
  subscriptionEnd: { column: controllers.subscriptionEnd, type: 'timestamptz' },
  imsi: { column: controllers.imsi, type: 'text' },
};
export const controllerSortType = (sort: ControllerListSort) => SORTS[sort].type;

export type ControllerPageQuery = {
  /** every controller, the affiliated ones ('affiliated') or one affiliation's */
  affiliation: 'all' | 'affiliated' | number;
  /** search IMSI and IMEI too (admins only: they are the registration credentials) */
  credentials: boolean;
  words: string[];
  sort: ControllerListSort;
  order: SortOrder;
  cursor: Cursor | undefined;
  limit: number;
};

function affiliationFilter(affiliation: ControllerPageQuery['affiliation']): SQL | undefined {
  if (affiliation === 'all') return undefined;
  if (affiliation === 'affiliated') return isNotNull(controllers.affiliationId);
  return eq(controllers.affiliationId, affiliation);
}

/**
 * One page of the admin and manager lists (docs/api-conventions.md "Lists and pagination"): `limit + 1` rows
 * so the caller knows whether another page follows.
 */
export function listControllerPage(db: Queryable, q: ControllerPageQuery) {
  const page = keyset(SORTS[q.sort], controllers.id, q.order, q.cursor);
  const search = searchAll(q.words, {
    contains: [controllers.name, users.email, affiliations.name, controllers.softwareVersion],
    prefixed: q.credentials ? [controllers.imsi, controllers.imei] : [],
    id: controllers.id,
  });
  return db
    .select({
      c: controllers,
      ownerEmail: users.email,
      affiliationName: affiliations.name,
      scaleCount,
      sortKey: page.sortKey,
    })
    .from(controllers)
    .leftJoin(users, eq(users.id, controllers.ownerId))
    .leftJoin(affiliations, eq(affiliations.id, controllers.affiliationId))
    .where(and(affiliationFilter(q.affiliation), search, page.after))
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
}

export async function findAdminRow(db: Queryable, id: number): Promise<AdminRow | undefined> {
  const [row] = await selectRows(db, eq(controllers.id, id));
  return row;
}

/** Inserts a controller; null when the IMSI exists already. */
export async function insertController(db: Queryable, values: NewController): Promise<number | null> {
  const rows = await db
    .insert(controllers)
    .values(values)
    .onConflictDoNothing({ target: controllers.imsi })
    .returning({ id: controllers.id });
  return rows[0]?.id ?? null;
}

export async function imsiTaken(db: Queryable, imsi: string, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: controllers.id })
    .from(controllers)
    .where(and(eq(controllers.imsi, imsi), ne(controllers.id, exceptId)));
  return rows.length > 0;
}

export async function userIdByEmail(db: Queryable, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

export async function affiliationExists(db: Queryable, id: number): Promise<boolean> {
  if (!isPgId(id)) return false;
  const rows = await db.select({ id: affiliations.id }).from(affiliations).where(eq(affiliations.id, id));
  return rows.length > 0;
}

/** Every affiliation, by name. */
export function listAffiliations(db: Queryable): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: affiliations.id, name: affiliations.name })
    .from(affiliations)
    .orderBy(affiliations.name, affiliations.id);
}

export async function countControllers(db: Queryable, ids: number[]): Promise<number> {
  const valid = ids.filter(isPgId);
  if (valid.length === 0) return 0;
  const rows = await db
    .select({ id: controllers.id })
    .from(controllers)
    .where(inArray(controllers.id, valid));
  return rows.length;
}

/** The affiliation's controllers become exactly `ids` (others of the affiliation lose it). */
export async function setAffiliationControllers(db: Db, affiliationId: number, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const others = ids.length > 0 ? notInArray(controllers.id, ids) : undefined;
    await tx
      .update(controllers)
      .set({ affiliationId: null })
      .where(and(eq(controllers.affiliationId, affiliationId), others));
    if (ids.length > 0)
      await tx.update(controllers).set({ affiliationId }).where(inArray(controllers.id, ids));
  });
}
