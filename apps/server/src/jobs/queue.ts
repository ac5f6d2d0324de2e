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
  /** Asks for one run of a stately queue; several nudges while one run waits make no second job. */
  nudge: (name: string) => Promise<void>;
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
    nudge: async (name) => void (await boss.send(name, {})),
  };
}
