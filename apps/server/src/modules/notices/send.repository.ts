import { sql } from 'drizzle-orm';
import type { ChannelType } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';

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
 * "Sending"): counts the attempt and moves `next_attempt_at` a lease ahead in one statement; rows another
 * run holds are skipped (SKIP LOCKED).
 */
export async function claimDueNotices(
  db: Queryable,
  limit: number,
  leaseMs: number,
): Promise<ClaimedNotice[]> {
  const res = await db.execute<Row>(sql`
    WITH due AS (
      SELECT notice_id, channel_id FROM affiliate_notice_deliveries
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    claimed AS (
      UPDATE affiliate_notice_deliveries d
      SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      FROM due WHERE d.notice_id = due.notice_id AND d.channel_id = due.channel_id
      RETURNING d.notice_id, d.channel_id, d.attempts
    )
    SELECT cl.notice_id, cl.channel_id, cl.attempts, ch.type AS channel_type, ch.address, u.locale,
      n.message, a.name AS affiliation_name
    FROM claimed cl
    JOIN affiliate_notices n ON n.id = cl.notice_id
    LEFT JOIN affiliations a ON a.id = n.affiliation_id
    JOIN notification_channels ch ON ch.id = cl.channel_id
    JOIN users u ON u.id = ch.user_id
    ORDER BY cl.notice_id, cl.channel_id`);
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

/** The provider accepted the message: sent, never taken again. */
export async function markNoticeSent(db: Queryable, key: Key): Promise<void> {
  await db.execute(sql`
    UPDATE affiliate_notice_deliveries SET status = 'sent', sent_at = now(), last_error = NULL
    WHERE notice_id = ${key.noticeId} AND channel_id = ${key.channelId} AND status = 'pending'`);
}

/** A failed attempt with tries left: the next one after `delayMs`. */
export async function scheduleNoticeRetry(db: Queryable, key: Key, delayMs: number, error: string) {
  await db.execute(sql`
    UPDATE affiliate_notice_deliveries
    SET next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}), last_error = ${error}
    WHERE notice_id = ${key.noticeId} AND channel_id = ${key.channelId} AND status = 'pending'`);
}

/** The delivery is given up. */
export async function markNoticeFailed(db: Queryable, key: Key, error: string): Promise<void> {
  await db.execute(sql`
    UPDATE affiliate_notice_deliveries SET status = 'failed', last_error = ${error}
    WHERE notice_id = ${key.noticeId} AND channel_id = ${key.channelId} AND status = 'pending'`);
}
