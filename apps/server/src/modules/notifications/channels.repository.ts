import { sql } from 'drizzle-orm';
import type { ChannelStatus, ChannelType } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';

/** A notification channel as the channel calls use it (no confirmation hash). */
export type ChannelRecord = {
  id: number;
  userId: number;
  type: ChannelType;
  address: string;
  status: ChannelStatus;
  lastError: string | null;
  createdAt: Date;
};

type Row = {
  id: number;
  user_id: number;
  type: ChannelType;
  address: string;
  status: ChannelStatus;
  last_error: string | null;
  created_at: Date | string;
};

const toRecord = (r: Row): ChannelRecord => ({
  id: r.id,
  userId: r.user_id,
  type: r.type,
  address: r.address,
  status: r.status,
  lastError: r.last_error,
  createdAt: new Date(r.created_at),
});

const COLUMNS = sql`id, user_id, type, address, status, last_error, created_at`;

export async function channelsOfUser(db: Queryable, userId: number): Promise<ChannelRecord[]> {
  const res = await db.execute<Row>(
    sql`SELECT ${COLUMNS} FROM notification_channels WHERE user_id = ${userId} ORDER BY id`,
  );
  return res.rows.map(toRecord);
}

/** The channel when it belongs to the user. */
export async function channelOfUser(db: Queryable, userId: number, id: number) {
  const res = await db.execute<Row>(
    sql`SELECT ${COLUMNS} FROM notification_channels WHERE id = ${id} AND user_id = ${userId}`,
  );
  const row = res.rows[0];
  return row ? toRecord(row) : undefined;
}

/**
 * Adds a pending channel unless the user already has `max` channels or this address; in one transaction
 * with the user's row locked, so parallel adds cannot pass the limit.
 */
export async function insertChannel(
  tx: Queryable,
  values: { userId: number; type: ChannelType; address: string; max: number },
): Promise<{ id: number } | 'tooMany' | 'exists'> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${values.userId} FOR UPDATE`);
  const count = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM notification_channels WHERE user_id = ${values.userId}`,
  );
  if ((count.rows[0]?.n ?? 0) >= values.max) return 'tooMany';
  const res = await tx.execute<{ id: number }>(sql`
    INSERT INTO notification_channels (user_id, type, address)
    VALUES (${values.userId}, ${values.type}, ${values.address})
    ON CONFLICT (user_id, type, address) DO NOTHING
    RETURNING id`);
  const row = res.rows[0];
  return row ? { id: row.id } : 'exists';
}

/** Stores a new confirmation secret (its hash) of a pending channel; the previous one stops working. */
export async function setConfirmation(
  db: Queryable,
  id: number,
  hash: string,
  expires: Date,
): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE notification_channels SET confirm_hash = ${hash}, confirm_expires = ${expires.toISOString()}::timestamptz
    WHERE id = ${id} AND status = 'pending'
    RETURNING id`);
  return res.rows.length > 0;
}

export async function deleteChannel(db: Queryable, userId: number, id: number): Promise<boolean> {
  const res = await db.execute(
    sql`DELETE FROM notification_channels WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
  return res.rows.length > 0;
}

/**
 * Activates the pending channel whose unexpired confirmation hash is `hash` (of this user and channel, when
 * given). Single use: the hash is cleared.
 */
export async function confirmChannel(
  db: Queryable,
  hash: string,
  owner?: { userId: number; id: number },
): Promise<boolean> {
  const scope = owner ? sql`AND id = ${owner.id} AND user_id = ${owner.userId}` : sql``;
  const res = await db.execute(sql`
    UPDATE notification_channels
    SET status = 'active', confirm_hash = NULL, confirm_expires = NULL, failures = 0, last_error = NULL
    WHERE confirm_hash = ${hash} AND confirm_expires > now() AND status = 'pending' ${scope}
    RETURNING id`);
  return res.rows.length > 0;
}

/** A test message went through: a failing channel works again. */
export async function markChannelWorking(db: Queryable, id: number): Promise<void> {
  await db.execute(sql`
    UPDATE notification_channels SET status = 'active', failures = 0, last_error = NULL
    WHERE id = ${id} AND status <> 'pending'`);
}

/** A confirmed mail channel at an address the account already proved it owns (the demo's own address). */
export async function insertConfirmedMailChannel(
  db: Queryable,
  userId: number,
  address: string,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO notification_channels (user_id, type, address, status)
    VALUES (${userId}, 'email', ${address}, 'active')
    ON CONFLICT (user_id, type, address) DO NOTHING`);
}

/** Confirmed channels (active or failing, never pending) of these active users, of these types. */
export async function confirmedChannels(
  db: Queryable,
  userIds: number[],
  types: ChannelType[],
): Promise<{ id: number; userId: number; type: ChannelType }[]> {
  if (userIds.length === 0 || types.length === 0) return [];
  const res = await db.execute<{ id: number; user_id: number; type: ChannelType }>(sql`
    SELECT ch.id, ch.user_id, ch.type FROM notification_channels ch
    JOIN users u ON u.id = ch.user_id AND u.active
    WHERE ch.user_id = ANY(${sql.param(userIds)}::int[]) AND ch.type = ANY(${sql.param(types)}::text[])
      AND ch.status <> 'pending'
    ORDER BY ch.user_id, ch.id`);
  return res.rows.map((r) => ({ id: r.id, userId: r.user_id, type: r.type }));
}
