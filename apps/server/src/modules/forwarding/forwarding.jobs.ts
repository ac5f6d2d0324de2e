import { z } from 'zod';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { registerJob, type JobDefinition } from '../../background-jobs/job';
import { bossQueue, type JobQueue } from '../../background-jobs/queue';
import { debouncedNudger } from '../../background-jobs/nudger';
import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from '../../context';
import type { MailLog } from '../../mail/mailer';
import { withServices } from '../../services';
import { scanForwardings } from './forwarding.scan';
import { retryDelayMs, sendDueForwardings, type SendContext, type SendDeps } from './forwarding.send';

/** Queue names (docs/operations.md "Jobs"); never renamed. */
export const FORWARDING_SCAN = 'forwarding-scan';
export const FORWARDING_SEND = 'forwarding-send';

const empty = z.object({}).passthrough();

/**
 * How long after a report the scan is nudged. Longer than the alarms' 200 ms: the scan walks every
 * forwarding, and a few seconds of delay cost a reporting service nothing (docs/forwarding.md "Delivery").
 */
export const FORWARDING_NUDGE_DELAY_MS = 3_000;

/** The device ingest's hook: new reports reach their forwardings within seconds, not at the next minute. */
export function forwardingNudger(queue: JobQueue | undefined, log: Pick<FastifyBaseLogger, 'error'>) {
  return debouncedNudger(queue, FORWARDING_SCAN, FORWARDING_NUDGE_DELAY_MS, log);
}

/**
 * `forwarding-scan`: every minute (and at start), and a few seconds after reports arrived, turns new readings into deliveries and nudges the send job;
 * nudges itself when a forwarding had more new reports than one run takes.
 */
export function forwardingScanJob(db: Db, queue: JobQueue): JobDefinition<object> {
  return {
    name: FORWARDING_SCAN,
    payload: empty,
    schedule: { cron: '* * * * *', payload: {} },
    runAtStart: true,
    retry: { limit: 3, delaySeconds: 10, backoff: true },
    run: async () => {
      const { created, more } = await scanForwardings(db);
      if (created > 0) await queue.nudge(FORWARDING_SEND);
      if (more) await queue.nudge(FORWARDING_SCAN);
    },
  };
}

/** `forwarding-send`: sends due deliveries; every minute for retries whose wait has passed, and when nudged. */
export function forwardingSendJob(ctx: SendContext, deps: SendDeps): JobDefinition<object> {
  return {
    name: FORWARDING_SEND,
    payload: empty,
    schedule: { cron: '* * * * *', payload: {} },
    runAtStart: true,
    retry: { limit: 3, delaySeconds: 10, backoff: true },
    run: async () => void (await sendDueForwardings(ctx, deps)),
  };
}

/** The app's context (its mailer; a test's `{ config, db }` gets its own), pg-boss and the logger. */
export type ForwardingJobsContext = Partial<AppServices> & {
  config: Pick<Config, 'forwarding' | 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'sms'>;
  db: Db;
  boss: PgBoss;
  log: MailLog;
};

/** Registers both forwarding jobs (startup.ts); returns a stop function. */
export async function registerForwardingJobs(ctx: ForwardingJobsContext): Promise<() => Promise<void>> {
  const deps: SendDeps = { mailer: withServices(ctx, ctx.log).mailer, log: ctx.log, retryDelayMs };
  const stops = [
    await registerJob(ctx.boss, forwardingScanJob(ctx.db, bossQueue(ctx.boss)), ctx.log),
    await registerJob(ctx.boss, forwardingSendJob(ctx, deps), ctx.log),
  ];
  return async () => {
    for (const stop of stops) await stop();
  };
}
