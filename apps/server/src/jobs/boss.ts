import PgBoss from 'pg-boss';

/** pg-boss queue in the same database (schema pgboss): cron, retries, SKIP LOCKED. */
export async function startBoss(url: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: url, max: 4 });
  boss.on('error', (err: Error) => console.error('[jobs]', err.message));
  await boss.start();
  return boss;
}
