import type { JobType } from '@hivescope/contract';
import type { Db } from '../../db/client';
import type { JobMeta } from '../../background-jobs/job';
import {
  ensureJob,
  findJob,
  insertJob,
  markDone,
  markFailed,
  markRunning,
  setProgress,
} from './jobs.repository';

/** Reports how far a run is (0–100); written to the job's row for the jobs screens. */
export type Progress = (percent: number) => Promise<void>;

/** Longest error text kept on a job row (a provider may answer with a whole page). */
const ERROR_MAX = 500;

export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX)}…` : text;
}

/**
 * Wraps a pg-boss handler so that its row in `jobs` follows it (docs/weather.md "Jobs"): running with "try n
 * of m", progress, done; a failure is written at once with its error — `retrying` with the earliest time of
 * the next try, or `failed` after the last — and rethrown so pg-boss retries it. Runs without a row
 * (scheduled ones) get one here.
 */
export function tracked<P>(
  db: Db,
  type: JobType,
  run: (payload: P, progress: Progress) => Promise<void>,
  /** The row's description for a run that has none yet (scheduled runs); undefined keeps the existing one. */
  describe: (payload: P) => string | undefined = () => undefined,
): (payload: P, meta: JobMeta) => Promise<void> {
  return async (payload, meta) => {
    const description = describe(payload);
    await ensureJob(db, { id: meta.id, type, description: description ?? '' });
    await markRunning(db, meta.id, meta, description);
    try {
      await run(payload, (pct) => setProgress(db, meta.id, pct));
    } catch (err) {
      const next =
        meta.lastAttempt || meta.retryAfterSeconds === null
          ? null
          : new Date(Date.now() + meta.retryAfterSeconds * 1000);
      await markFailed(db, meta.id, errorText(err), next);
      throw err;
    }
    await markDone(db, meta.id);
  };
}

/** A job row for work another module queues itself (status queued until its handler runs). */
export function recordQueuedJob(db: Db, row: Parameters<typeof insertJob>[1]) {
  return insertJob(db, row);
}

/** The job could not even be queued: its row says so, for good. */
export function recordQueueFailure(db: Db, id: string, err: unknown) {
  return markFailed(db, id, errorText(err), null);
}

/** A job's row (with its payload), for the module whose job it is (e.g. an export's file download). */
export function jobRecord(db: Db, id: string) {
  return findJob(db, id);
}
