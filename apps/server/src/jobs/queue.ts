import type PgBoss from 'pg-boss';

/**
 * What the web side needs of the job system: queue one job with a chosen id (the id of its row in the
 * `jobs` table, docs/weather.md "Jobs"). main.ts hands the app a pg-boss behind this; an app built
 * without one (most API tests) answers job starts with 503 and skips automatic backfills.
 */
export type JobQueue = { send: (name: string, data: object, id: string) => Promise<void> };

export function bossQueue(boss: PgBoss): JobQueue {
  return {
    send: async (name, data, id) => {
      const sent = await boss.send(name, data, { id });
      if (sent === null) throw new Error(`pg-boss did not queue ${name}`);
    },
  };
}
