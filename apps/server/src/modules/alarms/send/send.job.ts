import { z } from 'zod';
import type { JobDefinition } from '../../../jobs/job';
import { createMailer } from '../../../mail/mailer';
import { smsProvider } from './sms';
import {
  LEASE_MS,
  retryDelayMs,
  sendDueAlarms,
  type SendContext,
  type SendDeps,
  type SendLog,
} from './send.service';

/** The queue the detectors nudge when they queued deliveries (ALARM_SEND in alarms.jobs.ts). */
export const ALARM_SEND_QUEUE = 'alarm-send';

/**
 * A sending job over the mailer and the SMS provider: alarm deliveries here, the inspectorate's notices in
 * modules/notices. Nudged when deliveries were queued; the schedule every minute takes the retries whose wait
 * has passed, and deliveries a stopped instance left.
 */
export function deliveryJob(
  name: string,
  ctx: SendContext & { log: SendLog },
  deps: Partial<SendDeps>,
  sendDue: (ctx: SendContext, deps: SendDeps) => Promise<unknown>,
): JobDefinition<object> {
  const full: SendDeps = {
    mailer: deps.mailer ?? createMailer(ctx.config, ctx.db, ctx.log),
    sms: deps.sms === undefined ? smsProvider(ctx.config) : deps.sms,
    log: deps.log ?? ctx.log,
    retryDelayMs: deps.retryDelayMs ?? retryDelayMs,
  };
  return {
    name,
    payload: z.object({}).passthrough(),
    schedule: { cron: '* * * * *', payload: {} },
    runAtStart: true,
    retry: { limit: 3, delaySeconds: 10, backoff: true },
    // a killed process's job frees the queue when its deliveries' leases end, not after pg-boss's 15 min
    expireInSeconds: LEASE_MS / 1000,
    run: async () => void (await sendDue(ctx, full)),
  };
}

/** `alarm-send`: sends the due alarm deliveries (docs/alarms.md "Sending"). */
export function alarmSendJob(
  ctx: SendContext & { log: SendLog },
  deps: Partial<SendDeps> = {},
): JobDefinition<object> {
  return deliveryJob(ALARM_SEND_QUEUE, ctx, deps, sendDueAlarms);
}
