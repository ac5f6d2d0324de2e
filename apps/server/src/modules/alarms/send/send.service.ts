import { isAnswerableAlarmType, localeSchema, type Locale } from '@hivescope/contract';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { MailLog, Mailer } from '../../../mail/mailer';
import { withTimeout } from '../../../lib/timeout';
import { answerLink, signAnswerToken } from '../../notifications/answer-token';
import {
  alarmMail,
  alarmSms,
  budgetExhaustedMail,
  type AlarmMessageData,
  type AnswerLinks,
} from './messages';
import type { SmsProvider } from '../../../sms/sms';
import {
  claimBudgetNotice,
  claimDueDeliveries,
  markDeliveryFailed,
  markDeliverySent,
  refreshEventDelivery,
  releaseBudgetNotice,
  returnSmsUnit,
  scheduleRetry,
  takeSmsUnit,
  type ClaimedDelivery,
} from './send.repository';

/** Attempts per delivery before it fails and its channel is marked failing. */
export const MAX_ATTEMPTS = 6;
/** The wait after the n-th failed attempt: 30 s, doubling (30 s, 1, 2, 4, 8 min). */
export const retryDelayMs = (attempt: number) => 30_000 * 2 ** (attempt - 1);
/** A taken delivery is not taken again for this long (a run that died mid-send). */
export const LEASE_MS = 5 * 60_000;
/** A mail not accepted within this counts as failed (the lease must outlast it). */
export const MAIL_TIMEOUT_MS = 60_000;
const BATCH = 10;
/** Batches per run at most; the next run (nudge or the minute's schedule) goes on. */
const MAX_BATCHES = 100;
/** Why an SMS delivery was not sent: the controller's SMS budget is used up. */
export const BUDGET_REASON = 'budget';

export type SendLog = MailLog;

export type SendContext = {
  config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'sms' | 'secretKey'>;
  db: Db;
};

export type SendDeps = {
  mailer: Mailer;
  /** null: SMS not configured; SMS deliveries fail (and are retried) until it is. */
  sms: SmsProvider | null;
  log: SendLog;
  /** The wait after the n-th failed attempt (tests: 0). */
  retryDelayMs: (attempt: number) => number;
};

export type SendCounts = { sent: number; retried: number; failed: number };

const asLocale = (value: string | null): Locale => localeSchema.catch('de').parse(value ?? 'de');

/**
 * An error as the channel's last error: the provider's reason only. URL credentials and configured secrets
 * (SMTP password, SMS token) are blanked, whatever a library put into the message.
 */
export function safeReason(err: unknown, config: Pick<Config, 'smtpUrl' | 'sms'>): string {
  let text = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  const secrets = [config.sms?.authToken, smtpPassword(config.smtpUrl)].filter(
    (s): s is string => typeof s === 'string' && s.length >= 4,
  );
  for (const secret of secrets) text = text.split(secret).join('***');
  text = text.replace(/\/\/[^/\s@]+@/g, '//***@');
  return (text || 'unknown error').slice(0, 300);
}

function smtpPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

function messageData(d: ClaimedDelivery): AlarmMessageData {
  return { ...d, locale: asLocale(d.locale) };
}

/** Tells the owner once (per reset) that the controller's SMS budget is used up. */
async function tellOwnerOnce(ctx: SendContext, deps: SendDeps, d: ClaimedDelivery) {
  if (!d.ownerEmail) return;
  const at = await claimBudgetNotice(ctx.db, d.controllerId);
  if (!at) return;
  try {
    await deps.mailer.deliver(budgetExhaustedMail(asLocale(d.ownerLocale), d.ownerEmail, d.controllerName));
  } catch (err) {
    await releaseBudgetNotice(ctx.db, d.controllerId, at);
    deps.log.error(
      { controllerId: d.controllerId, reason: safeReason(err, ctx.config) },
      'budget notice failed',
    );
  }
}

async function failedAttempt(
  ctx: SendContext,
  deps: SendDeps,
  d: ClaimedDelivery,
  err: unknown,
): Promise<'retried' | 'failed'> {
  const reason = safeReason(err, ctx.config);
  deps.log.error(
    { eventId: d.eventId, channelId: d.channelId, attempt: d.attempts, reason },
    'alarm send failed',
  );
  if (d.attempts < MAX_ATTEMPTS) {
    await scheduleRetry(ctx.db, d, deps.retryDelayMs(d.attempts), reason);
    return 'retried';
  }
  await markDeliveryFailed(ctx.db, d, reason, true);
  await refreshEventDelivery(ctx.db, d.eventId);
  return 'failed';
}

async function sent(ctx: SendContext, d: ClaimedDelivery): Promise<'sent'> {
  await ctx.db.transaction(async (tx) => {
    await markDeliverySent(tx, d);
    await refreshEventDelivery(tx, d.eventId);
  });
  return 'sent';
}

async function sendSms(ctx: SendContext, deps: SendDeps, d: ClaimedDelivery) {
  if (!deps.sms) return failedAttempt(ctx, deps, d, new Error('SMS sending is not configured'));
  const left = await takeSmsUnit(ctx.db, d.controllerId);
  if (left === null) {
    await markDeliveryFailed(ctx.db, d, BUDGET_REASON, false);
    await refreshEventDelivery(ctx.db, d.eventId);
    await tellOwnerOnce(ctx, deps, d);
    return 'failed' as const;
  }
  try {
    await deps.sms.send(d.address, alarmSms(messageData(d), ctx.config.publicUrl));
  } catch (err) {
    await returnSmsUnit(ctx.db, d.controllerId);
    return failedAttempt(ctx, deps, d, err);
  }
  const result = await sent(ctx, d);
  if (left === 0) await tellOwnerOnce(ctx, deps, d);
  return result;
}

/** A swarm, disturbance or removed mail's answer links, signed now and working for 14 days. */
function answerLinks(ctx: SendContext, d: ClaimedDelivery): AnswerLinks | null {
  if (!isAnswerableAlarmType(d.type)) return null;
  const token = signAnswerToken(ctx.config.secretKey, d.eventId, new Date());
  const link = (answer: 'yes' | 'no') => answerLink(ctx.config.publicUrl, token, answer);
  return { yes: link('yes'), no: link('no') };
}

async function sendMail(ctx: SendContext, deps: SendDeps, d: ClaimedDelivery) {
  try {
    const mail = alarmMail(messageData(d), d.address, ctx.config.publicUrl, answerLinks(ctx, d));
    await withTimeout(deps.mailer.deliver(mail), MAIL_TIMEOUT_MS, 'mail');
  } catch (err) {
    return failedAttempt(ctx, deps, d, err);
  }
  return sent(ctx, d);
}

/**
 * Sends due alarm deliveries until none is left (docs/alarms.md "Sending"): at least once per (event,
 * channel). A delivery is marked sent only after the provider accepted it and is never taken again after
 * that; a crash between the two sends it once more (mails keep their Message-ID).
 */
export async function sendDueAlarms(ctx: SendContext, deps: SendDeps): Promise<SendCounts> {
  const counts: SendCounts = { sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = await claimDueDeliveries(ctx.db, BATCH, LEASE_MS);
    if (claimed.length === 0) break;
    const results = await Promise.allSettled(
      claimed.map((d) => (d.channelType === 'sms' ? sendSms(ctx, deps, d) : sendMail(ctx, deps, d))),
    );
    for (const r of results) {
      if (r.status === 'rejected') throw r.reason;
      counts[r.value] += 1;
    }
  }
  if (counts.sent + counts.failed + counts.retried > 0) deps.log.info({ ...counts }, 'alarm sends');
  return counts;
}
