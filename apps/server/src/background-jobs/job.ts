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
  /** The queue's retries of a failed run (a job may bring its own, JobQueue.send). */
  retry?: RetryPolicy;
  /**
   * How long a run may hold its job before pg-boss takes its worker for dead (default pg-boss's 15 min). A
   * process killed mid-run leaves its job active, and a stately queue runs nothing else until that job
   * expires, so queues that must go on within minutes set this short (docs/operations.md "Jobs").
   */
  expireInSeconds?: number;
  run: (payload: P, meta: JobMeta) => Promise<void>;
};

/** Retries of a failed run: `limit` more tries, `delaySeconds` apart, doubling each time when `backoff`. */
export type RetryPolicy = { limit: number; delaySeconds: number; backoff: boolean };

/**
 * The wait before the retry that follows failed try `attempt` (1 = the first try), in seconds, as pg-boss
 * schedules it: `delaySeconds`, or with backoff delay × 2^(attempt−1) plus a random jitter of up to as much
 * again (pg-boss's failJobs). `min` is what the jobs list shows as the next try's time.
 */
export function retryWait(policy: RetryPolicy, attempt: number): { min: number; max: number } {
  if (!policy.backoff) return { min: policy.delaySeconds, max: policy.delaySeconds };
  // pg-boss raises a backoff delay of 0 to 1 s and caps the exponent at 16
  const min = Math.max(1, policy.delaySeconds) * 2 ** Math.min(16, attempt - 1);
  return { min, max: 2 * min };
}

/** The longest time from the first failed try to the last one starting (the worst jitter every time). */
export function worstRetrySpan(policy: RetryPolicy): number {
  let total = 0;
  for (let attempt = 1; attempt <= policy.limit; attempt++) total += retryWait(policy, attempt).max;
  return total;
}

/**
 * The pg-boss job a run belongs to: its id, which try this is of how many, whether a failure now is the
 * last try, and else how long pg-boss waits at least before the next (seconds).
 */
export type JobMeta = {
  id: string;
  attempt: number;
  maxAttempts: number;
  lastAttempt: boolean;
  retryAfterSeconds: number | null;
};

/** What pg-boss tells a worker about a job's tries (its metadata). */
type Tries = { retryCount: number; retryLimit: number; retryDelay: number; retryBackoff: boolean };

export function jobMeta(id: string, tries: Tries): JobMeta {
  const attempt = tries.retryCount + 1;
  const lastAttempt = tries.retryCount >= tries.retryLimit;
  const policy = { limit: tries.retryLimit, delaySeconds: tries.retryDelay, backoff: tries.retryBackoff };
  return {
    id,
    attempt,
    maxAttempts: tries.retryLimit + 1,
    lastAttempt,
    retryAfterSeconds: lastAttempt ? null : retryWait(policy, attempt).min,
  };
}

export type JobLog = { error: (obj: object, msg: string) => void };

/**
 * Creates the job's queue with the definition's policy, retries and expiry, or brings an existing queue to
 * them (createQueue leaves an existing queue as it was, so an upgraded install gets the new settings here).
 */
export async function ensureQueue(
  boss: PgBoss,
  job: Pick<JobDefinition<object>, 'name' | 'policy' | 'retry' | 'expireInSeconds'>,
): Promise<void> {
  const retry = job.retry
    ? { retryLimit: job.retry.limit, retryDelay: job.retry.delaySeconds, retryBackoff: job.retry.backoff }
    : {};
  // pg-boss rejects a present but undefined expireInSeconds
  const expiry = job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {};
  const queue = { name: job.name, policy: job.policy ?? 'stately', ...retry, ...expiry };
  await boss.createQueue(job.name, queue);
  await boss.updateQueue(job.name, queue);
}

/**
 * Creates the job's queue (ensureQueue), its schedule (pg-boss cron: one instance sends each tick) and a worker
 * here. A failing run is logged and rethrown, so pg-boss records it and retries. Returns a stop function; like
 * pg-boss's offWork it only asks the worker to stop, so a fetch already under way may still take a job
 * (main.ts waits for those before it stops pg-boss).
 */
export async function registerJob<P extends object>(
  boss: PgBoss,
  job: JobDefinition<P>,
  log: JobLog,
  /** How often an idle worker asks for new jobs (pg-boss's default: 2 s; tests use 0.5). */
  opts: { pollSeconds?: number } = {},
): Promise<() => Promise<void>> {
  await ensureQueue(boss, job);
  await boss.work(
    job.name,
    { includeMetadata: true, pollingIntervalSeconds: opts.pollSeconds ?? 2 },
    async (jobs) => {
      for (const queued of jobs) {
        const meta = jobMeta(queued.id, queued);
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
