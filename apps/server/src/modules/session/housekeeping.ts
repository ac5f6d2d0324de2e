import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { purgeAttempts } from './attempts.repository';
import { purgeExpiredSessions } from './session.repository';

const HOUR = 3600_000;

/** Deletes dead sessions, old reset links and old rate-limit rows now and then every hour. */
export function startAuthHousekeeping(db: Db, config: Config, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = (async () => {
      try {
        await purgeExpiredSessions(db, config.sessionIdleMs);
        await purgeAttempts(db);
      } catch (err) {
        log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'auth housekeeping failed');
      }
    })();
  };
  run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
