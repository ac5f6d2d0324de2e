import { and, eq, sql } from 'drizzle-orm';
import type { JobListSort, JobStatus, JobType, SortOrder } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { jobs } from '../../db/schema';
import { keyset, searchAll, type SortColumn } from '../../db/keyset';
import type { Cursor } from '../../lib/list-cursor';

export type JobRow = typeof jobs.$inferSelect;

const SORTS: Record<JobListSort, SortColumn> = {
  createdAt: { column: jobs.createdAt, type: 'timestamptz' },
};
export const jobSortType = (sort: JobListSort) => SORTS[sort].type;

export type JobPageQuery = {
  /** one person's jobs; undefined: everyone's (the admin's list) */
  ownerId: number | undefined;
  type?: JobType | undefined;
  status?: JobStatus | undefined;
  id?: string | undefined;
  words: string[];
  sort: JobListSort;
  order: SortOrder;
  cursor: Cursor | undefined;
  limit: number;
};

export async function insertJob(
  db: Queryable,
  row: { id: string; type: JobType; description: string; ownerId: number | null; payload: object },
): Promise<JobRow> {
  const [inserted] = await db
    .insert(jobs)
    .values({ ...row, payload: { ...row.payload } })
    .returning();
  if (!inserted) throw new Error('job row not inserted');
  return inserted;
}

/** A scheduled run has no row yet when it starts: create it then (same id as the pg-boss job). */
export async function ensureJob(db: Queryable, row: { id: string; type: JobType; description: string }) {
  await db.insert(jobs).values(row).onConflictDoNothing();
}

export async function findJob(db: Queryable, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/**
 * One page of jobs, `limit + 1` rows (docs/api-conventions.md "Lists and pagination"): one person's or
 * everyone's; the search reads the description and, in everyone's list, a number as the owner's id.
 */
export async function listJobPage(db: Queryable, q: JobPageQuery) {
  const page = keyset(SORTS[q.sort], jobs.id, q.order, q.cursor);
  const search = searchAll(q.words, {
    contains: [jobs.description],
    ...(q.ownerId === undefined ? { id: jobs.ownerId } : {}),
  });
  const rows = await db
    .select({ job: jobs, sortKey: page.sortKey })
    .from(jobs)
    .where(
      and(
        q.ownerId === undefined ? undefined : eq(jobs.ownerId, q.ownerId),
        q.type === undefined ? undefined : eq(jobs.type, q.type),
        q.status === undefined ? undefined : eq(jobs.status, q.status),
        q.id === undefined ? undefined : eq(jobs.id, q.id),
        search,
        page.after,
      ),
    )
    .orderBy(...page.orderBy)
    .limit(q.limit + 1);
  return rows.map((r) => ({ ...r.job, sortKey: r.sortKey }));
}

export async function markRunning(
  db: Queryable,
  id: string,
  tries: { attempt: number; maxAttempts: number },
  description?: string,
) {
  await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: tries.attempt,
      maxAttempts: tries.maxAttempts,
      nextAttemptAt: null,
      progress: 0,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      ...(description === undefined ? {} : { description }),
    })
    .where(eq(jobs.id, id));
}

export async function setProgress(db: Queryable, id: string, progress: number) {
  const pct = Math.max(0, Math.min(100, Math.round(progress)));
  await db.update(jobs).set({ progress: pct }).where(eq(jobs.id, id));
}

export async function markDone(db: Queryable, id: string) {
  await db
    .update(jobs)
    .set({ status: 'done', progress: 100, error: null, nextAttemptAt: null, finishedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

/**
 * A failed try: "retrying" while pg-boss will try again (`nextAttemptAt`: the earliest time of that try; the
 * error stays visible), "failed" after the last (`nextAttemptAt` null).
 */
export async function markFailed(db: Queryable, id: string, error: string, nextAttemptAt: Date | null) {
  await db
    .update(jobs)
    .set(
      nextAttemptAt === null
        ? { status: 'failed', error, nextAttemptAt: null, finishedAt: sql`now()` }
        : { status: 'retrying', error, nextAttemptAt, finishedAt: null },
    )
    .where(eq(jobs.id, id));
}
