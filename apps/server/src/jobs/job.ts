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
  run: (payload: P) => Promise<void>;
};

export type JobLog = { error: (obj: object, msg: string) => void };

/**
 * Creates the job's queue, its schedule (pg-boss cron: one instance sends each tick) and a worker here.
 * A failing run is logged and rethrown, so pg-boss records it and retries. Returns a stop function.
 */
export async function registerJob<P extends object>(
  boss: PgBoss,
  job: JobDefinition<P>,
  log: JobLog,
): Promise<() => Promise<void>> {
  await boss.createQueue(job.name, { name: job.name, policy: 'stately' });
  await boss.work(job.name, async (jobs) => {
    for (const queued of jobs) {
      try {
        await job.run(job.payload.parse(queued.data));
      } catch (err) {
        log.error({ job: job.name, reason: err instanceof Error ? err.message : String(err) }, 'job failed');
        throw err;
      }
    }
  });
  if (job.schedule) {
    const data = job.schedule.payload;
    await boss.schedule(job.name, job.schedule.cron, data);
    if (job.runAtStart) await boss.send(job.name, data);
  }
  return () => boss.offWork(job.name);
}
