import { localeSchema } from '@hivescope/contract';
import { withTimeout } from '../../lib/timeout';
import {
  LEASE_MS,
  MAIL_TIMEOUT_MS,
  MAX_ATTEMPTS,
  safeReason,
  type SendContext,
  type SendCounts,
  type SendDeps,
} from '../alarms/send/send.service';
import { noticeMail, noticeSms, type NoticeMessageData } from './notices.messages';
import {
  claimDueNotices,
  markNoticeFailed,
  markNoticeSent,
  scheduleNoticeRetry,
  type ClaimedNotice,
} from './send.repository';

const BATCH = 10;
/** Batches per run at most; the next run (nudge or the minute's schedule) goes on. */
const MAX_BATCHES = 100;
/** Who a notice without an affiliation comes from. */
const PRODUCT = 'Hivescope';

const messageData = (d: ClaimedNotice): NoticeMessageData => ({
  noticeId: d.noticeId,
  channelId: d.channelId,
  message: d.message,
  sender: d.affiliationName ?? PRODUCT,
  locale: localeSchema.catch('de').parse(d.locale),
});

async function failedAttempt(ctx: SendContext, deps: SendDeps, d: ClaimedNotice, err: unknown) {
  const reason = safeReason(err, ctx.config);
  deps.log.error(
    { noticeId: d.noticeId, channelId: d.channelId, attempt: d.attempts, reason },
    'notice send failed',
  );
  if (d.attempts < MAX_ATTEMPTS) {
    await scheduleNoticeRetry(ctx.db, d, deps.retryDelayMs(d.attempts), reason);
    return 'retried' as const;
  }
  await markNoticeFailed(ctx.db, d, reason);
  return 'failed' as const;
}

/** One attempt of one delivery through the mail or SMS adapter. */
async function sendOne(ctx: SendContext, deps: SendDeps, d: ClaimedNotice) {
  try {
    if (d.channelType === 'sms') {
      if (!deps.sms) throw new Error('SMS sending is not configured');
      await deps.sms.send(d.address, noticeSms(d));
    } else {
      const mail = noticeMail(messageData(d), d.address, ctx.config.publicUrl);
      await withTimeout(deps.mailer.deliver(mail), MAIL_TIMEOUT_MS, 'mail');
    }
  } catch (err) {
    return failedAttempt(ctx, deps, d, err);
  }
  await markNoticeSent(ctx.db, d);
  return 'sent' as const;
}

/**
 * Sends due notice deliveries until none is left (docs/notices.md "Sending"), with the alarms' guarantees
 * and retries (docs/alarms.md "Sending"): at least once per (notice, channel), never again once sent; a
 * failed attempt waits 30 s doubling, the 6th failure fails the delivery. Notices use no controller's SMS
 * budget and leave the channel's status alone.
 */
export async function sendDueNotices(ctx: SendContext, deps: SendDeps): Promise<SendCounts> {
  const counts: SendCounts = { sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = await claimDueNotices(ctx.db, BATCH, LEASE_MS);
    if (claimed.length === 0) break;
    const results = await Promise.allSettled(claimed.map((d) => sendOne(ctx, deps, d)));
    for (const r of results) {
      if (r.status === 'rejected') throw r.reason;
      counts[r.value] += 1;
    }
  }
  if (counts.sent + counts.failed + counts.retried > 0) deps.log.info({ ...counts }, 'notice sends');
  return counts;
}
