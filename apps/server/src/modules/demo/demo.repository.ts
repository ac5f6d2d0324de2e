import { sql } from 'drizzle-orm';
import type { ChannelConfig } from '@hivescope/contract';
import type { Db } from '../../db/client';

/** Queries of the demo seeding; everything else goes through the product's own services. */

/** Users that are not admins: the demo is seeded only when there are none. */
export async function countNonAdminUsers(db: Db): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE NOT admin`);
  return res.rows[0]?.n ?? 0;
}

export async function userIdByEmail(db: Db, email: string): Promise<number | null> {
  const res = await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`);
  return res.rows[0]?.id ?? null;
}

/** The demo user's controllers with the time of their newest reading (null: no reading yet). */
export async function ownedControllers(db: Db, ownerId: number) {
  const res = await db.execute<{ id: number; imsi: string; latest: string | null }>(sql`
    SELECT c.id, c.imsi, (SELECT max(r.time) FROM readings r WHERE r.controller_id = c.id)::text AS latest
    FROM controllers c WHERE c.owner_id = ${ownerId} ORDER BY c.id`);
  return res.rows.map((r) => ({
    id: r.id,
    imsi: r.imsi,
    latest: r.latest === null ? null : new Date(r.latest),
  }));
}

/**
 * Makes the freshly created demo controllers look a year old: created, registered and activated at `since`,
 * scales set up then (so the back-filled history shows), subscription two years from `since`.
 */
export async function backdate(db: Db, controllerIds: number[], since: Date): Promise<void> {
  const at = since.toISOString();
  await db.transaction(async (tx) => {
    for (const id of controllerIds) {
      await tx.execute(sql`UPDATE controllers SET created_at = ${at}::timestamptz, registered_at = ${at}::timestamptz,
        activation_date = ${at}::timestamptz, subscription_end = ${at}::timestamptz + interval '2 years'
        WHERE id = ${id}`);
      await tx.execute(
        sql`UPDATE scales SET setup_at = ${at}::timestamptz WHERE controller_id = ${id} AND state <> 'archived'`,
      );
    }
  });
}

/**
 * Sets the load-cell configuration of a demo controller that has none yet (seeded before the demo set one):
 * a configuration the owner saved in Settings is left alone, and a second start changes nothing.
 */
export async function setMissingChannelConfig(db: Db, id: number, config: ChannelConfig): Promise<boolean> {
  const res = await db.execute(sql`UPDATE controllers SET channel_config = ${JSON.stringify(config)}::jsonb
    WHERE id = ${id} AND channel_config = '[]'::jsonb`);
  return (res.rowCount ?? 0) > 0;
}
