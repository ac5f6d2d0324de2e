import { desc, eq, sql } from 'drizzle-orm';
import type { JobType } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** Newest first; enough for a screen, old rows stay for the record. */
const LIST_LIMIT = 200;

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

/** Jobs of one person, or (ownerId undefined) everyone's. */
export function listJobs(db: Queryable, ownerId?: number): Promise<JobRow[]> {
  const q = db.select().from(jobs);
  const filtered = ownerId === undefined ? q : q.where(eq(jobs.ownerId, ownerId));
  return filtered.orderBy(desc(jobs.createdAt)).limit(LIST_LIMIT);
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
