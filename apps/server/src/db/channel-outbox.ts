import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './queryable';

/**
 * The outboxes of messages to notification channels: one row per (message, channel), sent at least once
 * with retries (docs/alarms.md "Sending"). Alarms and a veterinary service's notices share the mechanics;
 * only the table and the message's key column differ, fixed here so that no caller names SQL.
 */
const OUTBOXES = {
  alarm: { table: 'alarm_deliveries', key: 'event_id' },
  notice: { table: 'affiliate_notice_deliveries', key: 'notice_id' },
} as const;

export type Outbox = keyof typeof OUTBOXES;

/** One delivery: the message's id (event or notice) and the channel. */
export type OutboxKey = { id: number; channelId: number };

const table = (outbox: Outbox) => sql.identifier(OUTBOXES[outbox].table);
const key = (outbox: Outbox) => sql.identifier(OUTBOXES[outbox].key);

const where = (outbox: Outbox, k: OutboxKey) =>
  sql`${key(outbox)} = ${k.id} AND channel_id = ${k.channelId} AND status = 'pending'`;

/**
 * `WITH due …, claimed …`: takes up to `limit` due pending deliveries for one attempt each — counts the
 * attempt and moves `next_attempt_at` a lease ahead, in one statement. Rows another run holds are skipped
 * (SKIP LOCKED); a run that dies mid-send leaves its rows to be taken again when the lease ends. `claimed`
 * has the columns `id` (the message's), `channel_id` and `attempts`; the caller adds its SELECT.
 */
export function claimDue(outbox: Outbox, limit: number, leaseMs: number): SQL {
  return sql`
    WITH due AS (
      SELECT ${key(outbox)} AS id, channel_id FROM ${table(outbox)}
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    claimed AS (
      UPDATE ${table(outbox)} d
      SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      FROM due WHERE d.${key(outbox)} = due.id AND d.channel_id = due.channel_id
      RETURNING d.${key(outbox)} AS id, d.channel_id, d.attempts
    )`;
}

/** The provider accepted the message: sent, never taken again. */
export async function markSent(db: Queryable, outbox: Outbox, k: OutboxKey): Promise<void> {
  await db.execute(sql`
    UPDATE ${table(outbox)} SET status = 'sent', sent_at = now(), last_error = NULL WHERE ${where(outbox, k)}`);
}

/** A failed attempt with tries left: the next one after `delayMs`. */
export async function scheduleRetry(
  db: Queryable,
  outbox: Outbox,
  k: OutboxKey,
  delayMs: number,
  error: string,
): Promise<void> {
  await db.execute(sql`
    UPDATE ${table(outbox)}
    SET next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}), last_error = ${error}
    WHERE ${where(outbox, k)}`);
}

/** The delivery is given up. */
export async function markFailed(db: Queryable, outbox: Outbox, k: OutboxKey, error: string): Promise<void> {
  await db.execute(sql`
    UPDATE ${table(outbox)} SET status = 'failed', last_error = ${error} WHERE ${where(outbox, k)}`);
}
