import { sql } from 'drizzle-orm';
import type { ChannelType } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { claimDue, markFailed, markSent, scheduleRetry } from '../../db/channel-outbox';

/** A notice delivery taken for one send attempt, with what its message needs. */
export type ClaimedNotice = {
  noticeId: number;
  channelId: number;
  /** attempts including this one */
  attempts: number;
  channelType: ChannelType;
  address: string;
  /** the recipient's language (users.locale, unchecked) */
  locale: string;
  message: string;
  /** the sending affiliation's name; null when sent without one or the affiliation is gone */
  affiliationName: string | null;
};

type Row = {
  notice_id: number;
  channel_id: number;
  attempts: number;
  channel_type: ChannelType;
  address: string;
  locale: string;
  message: string;
  affiliation_name: string | null;
};

/**
 * Takes up to `limit` due pending deliveries for one attempt each, as the alarms do (docs/alarms.md
 * "Sending"; the lease and SKIP LOCKED in db/channel-outbox.ts).
 */
export async function claimDueNotices(
  db: Queryable,
  limit: number,
  leaseMs: number,
): Promise<ClaimedNotice[]> {
  const res = await db.execute<Row>(sql`
    ${claimDue('notice', limit, leaseMs)}
    SELECT cl.id AS notice_id, cl.channel_id, cl.attempts, ch.type AS channel_type, ch.address, u.locale,
      n.message, a.name AS affiliation_name
    FROM claimed cl
    JOIN affiliate_notices n ON n.id = cl.id
    LEFT JOIN affiliations a ON a.id = n.affiliation_id
    JOIN notification_channels ch ON ch.id = cl.channel_id
    JOIN users u ON u.id = ch.user_id
    ORDER BY cl.id, cl.channel_id`);
  return res.rows.map((r) => ({
    noticeId: r.notice_id,
    channelId: r.channel_id,
    attempts: r.attempts,
    channelType: r.channel_type,
    address: r.address,
    locale: r.locale,
    message: r.message,
    affiliationName: r.affiliation_name,
  }));
}

type Key = { noticeId: number; channelId: number };
const outboxKey = (key: Key) => ({ id: key.noticeId, channelId: key.channelId });

/** The provider accepted the message: sent, never taken again. */
export const markNoticeSent = (db: Queryable, key: Key) => markSent(db, 'notice', outboxKey(key));

/** A failed attempt with tries left: the next one after `delayMs`. */
export const scheduleNoticeRetry = (db: Queryable, key: Key, delayMs: number, error: string) =>
  scheduleRetry(db, 'notice', outboxKey(key), delayMs, error);

/** The delivery is given up. */
export const markNoticeFailed = (db: Queryable, key: Key, error: string) =>
  markFailed(db, 'notice', outboxKey(key), error);
