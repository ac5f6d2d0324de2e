import { sql } from 'drizzle-orm';
import type { ChannelType } from '@hivescope/contract';
import type { Db } from '../../db/client';
import type { Queryable } from '../../db/queryable';

/** Of these users, the active ones (deactivated accounts get no notice and are not counted). */
export async function activeUserIds(db: Queryable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<{ id: number }>(sql`
    SELECT id FROM users WHERE id = ANY(${sql.param(ids)}::int[]) AND active ORDER BY id`);
  return res.rows.map((r) => r.id);
}

export async function affiliationName(db: Queryable, id: number): Promise<string | null> {
  const res = await db.execute<{ name: string }>(sql`SELECT name FROM affiliations WHERE id = ${id}`);
  return res.rows[0]?.name ?? null;
}

export type NewNotice = {
  affiliationId: number | null;
  senderId: number;
  regionIds: number[];
  channelTypes: ChannelType[];
  message: string;
  recipients: number;
  deliveries: { channelId: number; userId: number }[];
};

/** The notice and one pending delivery per channel, in one transaction. */
export async function insertNotice(db: Db, n: NewNotice): Promise<number> {
  return db.transaction(async (tx) => {
    const res = await tx.execute<{ id: number }>(sql`
      INSERT INTO affiliate_notices (affiliation_id, sender_id, region_ids, channel_types, message, recipients)
      VALUES (${n.affiliationId}, ${n.senderId}, ${sql.param(n.regionIds)}::int[],
        ${sql.param(n.channelTypes)}::text[], ${n.message}, ${n.recipients})
      RETURNING id`);
    const id = res.rows[0]?.id;
    if (id === undefined) throw new Error('notice not inserted');
    await tx.execute(sql`
      INSERT INTO affiliate_notice_deliveries (notice_id, channel_id, user_id)
      SELECT ${id}, c, u
      FROM unnest(${sql.param(n.deliveries.map((d) => d.channelId))}::int[],
        ${sql.param(n.deliveries.map((d) => d.userId))}::int[]) AS d(c, u)`);
    return id;
  });
}

type HistoryRow = {
  id: number;
  created_at: Date | string;
  affiliation_id: number | null;
  affiliation_name: string | null;
  sender_id: number | null;
  sender_email: string | null;
  sender_name: string | null;
  regions: { id: number; name: string | null }[];
  channel_types: ChannelType[];
  message: string;
  recipients: number;
  reached: number;
  total: number;
  sent: number;
  failed: number;
};

export type HistoryRecord = {
  id: number;
  createdAt: Date;
  affiliation: { id: number; name: string } | null;
  sender: { id: number; email: string; name: string } | null;
  regions: { id: number; name: string | null }[];
  channelTypes: ChannelType[];
  message: string;
  recipients: number;
  reached: number;
  deliveries: { total: number; sent: number; failed: number; pending: number };
};

const toRecord = (r: HistoryRow): HistoryRecord => ({
  id: r.id,
  createdAt: new Date(r.created_at),
  affiliation: r.affiliation_id === null ? null : { id: r.affiliation_id, name: r.affiliation_name ?? '' },
  sender:
    r.sender_id === null
      ? null
      : { id: r.sender_id, email: r.sender_email ?? '', name: (r.sender_name ?? '').trim() },
  regions: r.regions,
  channelTypes: r.channel_types,
  message: r.message,
  recipients: r.recipients,
  reached: Number(r.reached),
  deliveries: {
    total: Number(r.total),
    sent: Number(r.sent),
    failed: Number(r.failed),
    pending: Number(r.total) - Number(r.sent) - Number(r.failed),
  },
});

/**
 * Notices newest first (by id), `limit` of them, older than `before` when given, of one affiliation or
 * all (`affiliationId` undefined). Regions keep their order; a deleted one has name null.
 */
export async function noticeHistory(
  db: Queryable,
  opts: { affiliationId: number | undefined; limit: number; before: number | undefined },
): Promise<HistoryRecord[]> {
  const aff = opts.affiliationId === undefined ? sql`true` : sql`n.affiliation_id = ${opts.affiliationId}`;
  const before = opts.before === undefined ? sql`true` : sql`n.id < ${opts.before}`;
  const res = await db.execute<HistoryRow>(sql`
    SELECT n.id, n.created_at, n.affiliation_id, a.name AS affiliation_name, n.sender_id,
      s.email AS sender_email, concat_ws(' ', s.first_name, s.last_name) AS sender_name,
      n.channel_types, n.message, n.recipients,
      (SELECT coalesce(json_agg(json_build_object('id', r.rid, 'name', g.name) ORDER BY r.ord), '[]'::json)
         FROM unnest(n.region_ids) WITH ORDINALITY AS r(rid, ord)
         LEFT JOIN regions g ON g.id = r.rid) AS regions,
      d.reached, d.total, d.sent, d.failed
    FROM affiliate_notices n
    LEFT JOIN affiliations a ON a.id = n.affiliation_id
    LEFT JOIN users s ON s.id = n.sender_id
    LEFT JOIN LATERAL (
      SELECT count(DISTINCT user_id) AS reached, count(*) AS total,
        count(*) FILTER (WHERE status = 'sent') AS sent, count(*) FILTER (WHERE status = 'failed') AS failed
      FROM affiliate_notice_deliveries WHERE notice_id = n.id) d ON true
    WHERE ${aff} AND ${before}
    ORDER BY n.id DESC
    LIMIT ${opts.limit}`);
  return res.rows.map(toRecord);
}
