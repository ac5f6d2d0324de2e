import type PgBoss from 'pg-boss';
import type { RetryPolicy } from './job';

/**
 * What the web side needs of the job system: queue one job with a chosen id (the id of its row in the
 * `jobs` table, docs/weather.md "Jobs"), or nudge a stately queue whose run picks up all waiting work
 * (docs/alarms.md "Pipeline"). main.ts hands the app a pg-boss behind this; an app built without one (most
 * API tests) answers job starts with 503 and skips automatic backfills.
 */
export type JobQueue = {
  /** `retry`: this job's own retries instead of its queue's (e.g. a backfill nobody watches waits longer). */
  send: (name: string, data: object, id: string, retry?: RetryPolicy) => Promise<void>;
  /**
   * Asks for one run of a stately queue, `afterMs` from now (default at once); several nudges while one run
   * waits make no second job, so a delayed run also holds back the nudges until it has run.
   */
  nudge: (name: string, afterMs?: number) => Promise<void>;
};

export function bossQueue(boss: PgBoss): JobQueue {
  return {
    send: async (name, data, id, retry) => {
      const own = retry
        ? { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: retry.backoff }
        : {};
      const sent = await boss.send(name, data, { id, ...own });
      if (sent === null) throw new Error(`pg-boss did not queue ${name}`);
    },
    // null from a stately queue means a run is already waiting: that run will see the new work
    // pg-boss reads a number as seconds (a PostgreSQL interval, fractions allowed)
    nudge: async (name, afterMs = 0) =>
      void (await boss.send(name, {}, afterMs > 0 ? { startAfter: afterMs / 1000 } : {})),
  };
}
