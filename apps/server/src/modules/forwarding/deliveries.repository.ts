import { sql } from 'drizzle-orm';
import type { ForwardingKind } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';

/** A delivery taken for one attempt, with its forwarding and controller (docs/forwarding.md "Delivery"). */
export type ClaimedDelivery = {
  id: number;
  forwardingId: number;
  reportAt: Date;
  /** attempts including this one */
  attempts: number;
  kind: ForwardingKind;
  target: string;
  settings: Record<string, unknown>;
  /** sealed (lib/secret-box.ts) */
  secret: string | null;
  controllerId: number;
  controllerName: string;
  channel: number;
  createdAt: Date;
};

type Row = {
  id: number | string;
  forwarding_id: number;
  report_at: Date | string;
  attempts: number;
  kind: ForwardingKind;
  target: string;
  settings: Record<string, unknown> | null;
  secret: string | null;
  controller_id: number;
  controller_name: string;
  channel: number;
  created_at: Date | string;
};

/**
 * Takes up to `limit` due pending deliveries for one attempt each: counts the attempt and moves
 * `next_attempt_at` a lease ahead in one statement (a run that dies mid-send leaves them to be taken again
 * when the lease ends). Rows another run holds are skipped. A mail forwarding's delivery waits while its
 * last mail is younger than `mailGapMs` (at most hourly, docs/forwarding.md "E-mail").
 */
export async function claimDueDeliveries(
  db: Queryable,
  limit: number,
  leaseMs: number,
  mailGapMs: number,
): Promise<ClaimedDelivery[]> {
  const res = await db.execute<Row>(sql`
    WITH due AS (
      SELECT d.id FROM forwarding_deliveries d
      JOIN forwardings f ON f.id = d.forwarding_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= now()
        AND NOT (f.kind = 'email' AND f.last_success_at IS NOT NULL
                 AND f.last_success_at > now() - make_interval(secs => ${mailGapMs / 1000}))
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    ),
    claimed AS (
      UPDATE forwarding_deliveries d
      SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.forwarding_id, d.report_at, d.attempts
    )
    SELECT cl.id, cl.forwarding_id, cl.report_at, cl.attempts, f.kind, f.target, f.settings, f.secret,
      f.controller_id, c.name AS controller_name, f.channel, f.created_at
    FROM claimed cl
    JOIN forwardings f ON f.id = cl.forwarding_id
    JOIN controllers c ON c.id = f.controller_id
    ORDER BY cl.forwarding_id, cl.report_at`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    forwardingId: r.forwarding_id,
    reportAt: new Date(r.report_at),
    attempts: r.attempts,
    kind: r.kind,
    target: r.target,
    settings: r.settings ?? {},
    secret: r.secret,
    controllerId: r.controller_id,
    controllerName: r.controller_name,
    channel: r.channel,
    createdAt: new Date(r.created_at),
  }));
}

/** Accepted by the target: the delivery is done (never taken again) and the owner sees the success. */
export async function markDelivered(db: Queryable, d: ClaimedDelivery): Promise<void> {
  await db.execute(sql`
    UPDATE forwarding_deliveries SET status = 'sent', sent_at = now(), last_error = NULL
    WHERE id = ${d.id} AND status = 'pending'`);
  await db.execute(sql`
    UPDATE forwardings SET last_attempt_at = now(), last_success_at = now(), last_error = NULL
    WHERE id = ${d.forwardingId}`);
}

/** A failed attempt: retried after `delayMs`, or (`final`) given up; the owner sees the reason. */
export async function markAttemptFailed(
  db: Queryable,
  d: ClaimedDelivery,
  reason: string,
  delayMs: number | 'final',
): Promise<void> {
  if (delayMs === 'final')
    await db.execute(sql`
      UPDATE forwarding_deliveries SET status = 'failed', last_error = ${reason}
      WHERE id = ${d.id} AND status = 'pending'`);
  else
    await db.execute(sql`
      UPDATE forwarding_deliveries
      SET next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}), last_error = ${reason}
      WHERE id = ${d.id} AND status = 'pending'`);
  await db.execute(sql`
    UPDATE forwardings SET last_attempt_at = now(), last_error = ${reason} WHERE id = ${d.forwardingId}`);
}

/**
 * Gives a claimed delivery back untried (its forwarding failed just before in the same run): the attempt is
 * not counted and it waits as long as the one that failed.
 */
export async function releaseDelivery(db: Queryable, d: ClaimedDelivery, delayMs: number): Promise<void> {
  await db.execute(sql`
    UPDATE forwarding_deliveries
    SET attempts = greatest(attempts - 1, 0), next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
    WHERE id = ${d.id} AND status = 'pending'`);
}
