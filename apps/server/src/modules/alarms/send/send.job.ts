import { z } from 'zod';
import type { AppServices } from '../../../context';
import type { JobDefinition } from '../../../background-jobs/job';
import { withServices } from '../../../services';
import { ALARM_SEND } from '../alarms.jobs';
import {
  LEASE_MS,
  retryDelayMs,
  sendDueAlarms,
  type SendContext,
  type SendDeps,
  type SendLog,
} from './send.service';

/** The app's context (its mailer and SMS provider; a test's `{ config, db }` gets its own) and logger. */
export type DeliveryJobContext = SendContext & Partial<AppServices> & { log: SendLog };

/**
 * A sending job over the mailer and the SMS provider: alarm deliveries here, the inspectorate's notices in
 * modules/notices. Nudged when deliveries were queued; the schedule every minute takes the retries whose wait
 * has passed, and deliveries a stopped instance left.
 */
export function deliveryJob(
  name: string,
  ctx: DeliveryJobContext,
  deps: Partial<SendDeps>,
  sendDue: (ctx: SendContext, deps: SendDeps) => Promise<unknown>,
): JobDefinition<object> {
  const shared = withServices(ctx, ctx.log);
  const full: SendDeps = {
    mailer: deps.mailer ?? shared.mailer,
    sms: deps.sms === undefined ? shared.sms : deps.sms,
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
export function alarmSendJob(ctx: DeliveryJobContext, deps: Partial<SendDeps> = {}): JobDefinition<object> {
  return deliveryJob(ALARM_SEND, ctx, deps, sendDueAlarms);
}
