import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale, Profile, SortOrder, UserListSort } from '@hivescope/contract';
import type { Db } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { affiliations, sessions, users } from '../../db/schema';
import { isPgId } from '../../lib/pg-range';
import { keyset, searchAll, type SortColumn } from '../../db/keyset';
import type { Cursor } from '../../lib/list-cursor';

export type UserRow = typeof users.$inferSelect;
export type UserListRow = UserRow & { affiliationName: string | null };
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Inserts a user; null when the email is already registered. */
export async function insertUser(db: Queryable, values: NewUser): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

export async function updateUser(db: Queryable, id: number, values: Partial<NewUser>): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

export const updateProfile = (db: Queryable, id: number, profile: Profile) => updateUser(db, id, profile);
export const updateLocale = (db: Queryable, id: number, locale: Locale) => updateUser(db, id, { locale });

/** Sets the active flag; a deactivated user's sessions are deleted in the same transaction. */
export async function setUserActive(db: Db, id: number, active: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await updateUser(tx, id, { active });
    if (found && !active) await tx.delete(sessions).where(eq(sessions.userId, id));
    return found;
  });
}

export async function listUsers(db: Queryable, affiliationId?: number): Promise<UserListRow[]> {
  const rows = await db
    .select({ user: users, affiliationName: affiliations.name })
    .from(users)
    .leftJoin(affiliations, eq(affiliations.id, users.affiliationId))
    .where(affiliationId === undefined ? undefined : eq(users.affiliationId, affiliationId))
    .orderBy(asc(users.email));
  return rows.map((r) => ({ ...r.user, affiliationName: r.affiliationName }));
}

const SORTS: Record<UserListSort, SortColumn> = {
  email: { column: users.email, type: 'text' },
  createdAt: { column: users.createdAt, type: 'timestamptz' },
  role: { column: users.role, type: 'int4' },
};
export const userSortType = (sort: UserListSort) => SORTS[sort].type;

export type UserPageQuery = {
  affiliationId: number | undefined;
  words: string[];
  sort: UserListSort;
  order: SortOrder;
  cursor: Cursor | undefined;
  limit: number;
};

/** One page of users, `limit + 1` rows (docs/api-conventions.md "Lists and pagination"). */
export async function listUserPage(db: Queryable, q: UserPageQuery) {
  const page = keyset(SORTS[q.sort], users.id, q.order, q.cursor);
  const search = searchAll(q.words, { contains: [users.email, users.firstName, users.lastName, users.city] });
  const rows = await db
    .select({ user: users, affiliationName: affiliations.name, sortKey: page.sortKey })
    .from(users)
    .leftJoin(affiliations, eq(affiliations.id, users.affiliationId))
    .where(
      and(
        q.affiliationId === undefined ? undefined : eq(users.affiliationId, q.affiliationId),
        search,
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
  return rows.map((r) => ({ ...r.user, affiliationName: r.affiliationName, sortKey: r.sortKey }));
}

export async function insertAffiliation(db: Queryable, name: string): Promise<number> {
  const [row] = await db.insert(affiliations).values({ name }).returning({ id: affiliations.id });
  if (!row) throw new Error('affiliation not created');
  return row.id;
}

export async function affiliationExists(db: Queryable, id: number): Promise<boolean> {
  if (!isPgId(id)) return false;
  const rows = await db.select({ id: affiliations.id }).from(affiliations).where(eq(affiliations.id, id));
  return rows.length > 0;
}
