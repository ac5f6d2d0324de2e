import { and, asc, eq, sql } from 'drizzle-orm';
import type { ForwardingKind } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { forwardings } from '../../db/schema';

/** Forwardings and their deliveries (docs/forwarding.md): the only SQL of this module. */

export type ForwardingRow = typeof forwardings.$inferSelect;
export type NewForwarding = {
  controllerId: number;
  channel: number;
  kind: ForwardingKind;
  target: string;
  settings: Record<string, unknown>;
  secret: string | null;
};

/** Serialises additions per controller, so two at once cannot pass the per-channel limit together. */
export async function lockControllerForwardings(tx: Queryable, controllerId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('forwardings'), ${controllerId})`);
}

export function channelForwardings(db: Queryable, controllerId: number, channel: number) {
  return db
    .select()
    .from(forwardings)
    .where(and(eq(forwardings.controllerId, controllerId), eq(forwardings.channel, channel)))
    .orderBy(asc(forwardings.id));
}

export async function insertForwarding(db: Queryable, row: NewForwarding): Promise<ForwardingRow> {
  const [created] = await db.insert(forwardings).values(row).returning();
  if (!created) throw new Error('forwarding not inserted');
  return created;
}

export async function forwardingById(db: Queryable, id: number): Promise<ForwardingRow | undefined> {
  const [row] = await db.select().from(forwardings).where(eq(forwardings.id, id));
  return row;
}

/** Removes the forwarding; its deliveries go with it (foreign key cascade). */
export async function deleteForwardingRow(db: Queryable, id: number): Promise<void> {
  await db.delete(forwardings).where(eq(forwardings.id, id));
}

/** What the scan needs of a forwarding; `pending`: an undelivered delivery exists (mail sends one at a time). */
export type ScanRow = {
  id: number;
  controllerId: number;
  channel: number;
  kind: ForwardingKind;
  cursor: Date;
  createdAt: Date;
  pending: boolean;
};

/** One page of forwardings by id, after `afterId`. */
export async function scanPage(db: Queryable, afterId: number, limit: number): Promise<ScanRow[]> {
  const res = await db.execute<{
    id: number;
    controller_id: number;
    channel: number;
    kind: ForwardingKind;
    cursor: Date | string;
    created_at: Date | string;
    pending: boolean;
  }>(sql`
    SELECT f.id, f.controller_id, f.channel, f.kind, f.cursor, f.created_at,
      EXISTS (SELECT 1 FROM forwarding_deliveries d WHERE d.forwarding_id = f.id AND d.status = 'pending')
        AS pending
    FROM forwardings f
    WHERE f.id > ${afterId}
    ORDER BY f.id
    LIMIT ${limit}`);
  return res.rows.map((r) => ({
    id: r.id,
    controllerId: r.controller_id,
    channel: r.channel,
    kind: r.kind,
    cursor: new Date(r.cursor),
    createdAt: new Date(r.created_at),
    pending: r.pending,
  }));
}

export type DeliveryKey = { forwardingId: number; reportAt: Date };

/**
 * Queues deliveries and moves the cursors, in the caller's transaction. A key that exists already is left
 * alone (the unique key makes a re-run or a late rescan harmless), so is a forwarding deleted meanwhile.
 * Cursors only move forward. Answers how many deliveries were new.
 */
export async function queueDeliveries(
  tx: Queryable,
  keys: DeliveryKey[],
  cursors: Array<{ id: number; cursor: Date }>,
): Promise<number> {
  let created = 0;
  if (keys.length > 0) {
    const res = await tx.execute(sql`
      INSERT INTO forwarding_deliveries (forwarding_id, report_at)
      SELECT v.fid, v.at
      FROM unnest(
        ${sql.param(keys.map((k) => k.forwardingId))}::int[],
        ${sql.param(keys.map((k) => k.reportAt.toISOString()))}::timestamptz[]
      ) AS v(fid, at)
      JOIN forwardings f ON f.id = v.fid
      WHERE NOT EXISTS (
        SELECT 1 FROM forwarding_deliveries d WHERE d.forwarding_id = v.fid AND d.report_at = v.at
      )
      ON CONFLICT (forwarding_id, report_at) DO NOTHING`);
    created = res.rowCount ?? 0;
  }
  if (cursors.length > 0)
    await tx.execute(sql`
      UPDATE forwardings f SET cursor = greatest(f.cursor, v.cursor)
      FROM unnest(
        ${sql.param(cursors.map((c) => c.id))}::int[],
        ${sql.param(cursors.map((c) => c.cursor.toISOString()))}::timestamptz[]
      ) AS v(id, cursor)
      WHERE f.id = v.id`);
  return created;
}

/** Deliveries done for over 30 days and older than the scan's look-back: nothing needs their key any more. */
export async function pruneDeliveries(db: Queryable, lookBackMs: number): Promise<number> {
  const res = await db.execute(sql`
    DELETE FROM forwarding_deliveries d USING forwardings f
    WHERE f.id = d.forwarding_id AND d.status <> 'pending'
      AND d.created_at < now() - interval '30 days'
      AND d.report_at < f.cursor - make_interval(secs => ${lookBackMs / 1000 + 3600})`);
  return res.rowCount ?? 0;
}
