import PgBoss from 'pg-boss';

/** pg-boss queue in the same database (schema pgboss): cron, retries, SKIP LOCKED. */
export async function startBoss(url: string): Promise<PgBoss> {
  // Maintenance fails the jobs whose expiry passed (a killed worker's): every 30 s, not pg-boss's 2 min, so a
  // short-expiry queue goes on soon after a crash (JobDefinition.expireInSeconds)
  const boss = new PgBoss({ connectionString: url, max: 4, maintenanceIntervalSeconds: 30 });
  boss.on('error', (err: Error) => console.error('[jobs]', err.message));
  await boss.start();
  return boss;
}
