import type PgBoss from 'pg-boss';
import type { z } from 'zod';

/**
 * A background job carried by pg-boss (docs/operations.md, "Jobs"): a stable queue name, a payload schema
 * (every run parses its payload, so a job queued by an older version cannot run with the wrong shape) and,
 * for recurring jobs, a cron schedule. Queues are "stately" (at most one job waiting and one running), so
 * several app instances never pile up the same work.
 */
export type JobDefinition<P extends object> = {
  /** the pg-boss queue name: letters, digits, hyphens; never renamed (queued jobs carry it) */
  name: string;
  payload: z.ZodType<P>;
  /** recurring: a cron expression (UTC) and the payload each run gets */
  schedule?: { cron: string; payload: P };
  /** also queue one run of the scheduled payload at start (catches up after downtime) */
  runAtStart?: boolean;
  /** "stately" (default): at most one waiting and one running; "standard": every send is its own job. */
  policy?: 'stately' | 'standard';
  /** Retries of a failed run, `delaySeconds` doubling each time when `backoff` (pg-boss adds jitter). */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  run: (payload: P, meta: JobMeta) => Promise<void>;
};

/** The pg-boss job a run belongs to: its id, and whether a failure now is the last try. */
export type JobMeta = { id: string; attempt: number; lastAttempt: boolean };

export type JobLog = { error: (obj: object, msg: string) => void };

/**
 * Creates the job's queue, its schedule (pg-boss cron: one instance sends each tick) and a worker here.
 * A failing run is logged and rethrown, so pg-boss records it and retries. Returns a stop function.
 */
export async function registerJob<P extends object>(
  boss: PgBoss,
  job: JobDefinition<P>,
  log: JobLog,
  /** How often an idle worker asks for new jobs (pg-boss's default: 2 s; tests use 0.5). */
  opts: { pollSeconds?: number } = {},
): Promise<() => Promise<void>> {
  const retry = job.retry
    ? { retryLimit: job.retry.limit, retryDelay: job.retry.delaySeconds, retryBackoff: job.retry.backoff }
    : {};
  await boss.createQueue(job.name, { name: job.name, policy: job.policy ?? 'stately', ...retry });
  await boss.work(
    job.name,
    { includeMetadata: true, pollingIntervalSeconds: opts.pollSeconds ?? 2 },
    async (jobs) => {
      for (const queued of jobs) {
        const meta = {
          id: queued.id,
          attempt: queued.retryCount + 1,
          lastAttempt: queued.retryCount >= queued.retryLimit,
        };
        try {
          await job.run(job.payload.parse(queued.data), meta);
        } catch (err) {
          log.error(
            { job: job.name, reason: err instanceof Error ? err.message : String(err) },
            'job failed',
          );
          throw err;
        }
      }
    },
  );
  if (job.schedule) {
    const data = job.schedule.payload;
    await boss.schedule(job.name, job.schedule.cron, data);
    if (job.runAtStart) await boss.send(job.name, data);
  }
  return () => boss.offWork(job.name);
}
