import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ScaleState, ScaleType } from '@hivescope/contract';
import { scales, users } from '../../db/schema';
import type { Queryable } from '../../db/queryable';
import { isPgId } from '../../lib/pg-range';

/** A scale as stored. */
export type ScaleRecord = {
  id: number;
  controller_id: number;
  channel: number;
  name: string;
  type: ScaleType;
  visible: boolean;
  is_brood: boolean;
  empty_weight: number;
  reserves: number;
  state: ScaleState;
  setup_at: Date;
  archived_at: Date | null;
};

/** A scale with the latest reading of its channel since its setup (until its archiving), from measurements. */
export type ScaleRow = ScaleRecord & {
  time: Date | null;
  weight: number | null;
  temperature: number | null;
  humidity: number | null;
};

/** Scales matching `where` (a condition on `s`, the scales table, or `c`, its controller). */
async function scalesWhere(db: Queryable, where: SQL): Promise<ScaleRecord[]> {
  const res = await db.execute<ScaleRecord>(sql`
    SELECT s.id, s.controller_id, s.channel, s.name, s.type, s.visible, s.is_brood, s.empty_weight, s.reserves,
           s.state, s.setup_at, s.archived_at
    FROM scales s
    JOIN controllers c ON c.id = s.controller_id
    WHERE ${where}
    ORDER BY s.controller_id, s.channel, s.id`);
  return res.rows;
}

const live = sql`s.state <> 'archived'`;

/** Live scales of these controllers. */
export function liveScalesOfControllers(db: Queryable, controllerIds: number[]) {
  if (controllerIds.length === 0) return Promise.resolve([]);
  return scalesWhere(db, sql`s.controller_id = ANY(${sql.param(controllerIds)}::int[]) AND ${live}`);
}

/** Scales on the controllers a user owns; archived ones only when asked. */
export function scalesOfOwner(db: Queryable, ownerId: number, includeArchived: boolean) {
  return scalesWhere(
    db,
    includeArchived ? sql`c.owner_id = ${ownerId}` : sql`c.owner_id = ${ownerId} AND ${live}`,
  );
}

export async function scaleById(db: Queryable, id: number): Promise<ScaleRecord | undefined> {
  const [row] = await scalesWhere(db, sql`s.id = ${id}`);
  return row;
}

/** Scales by id, any state, in one query; ids that do not exist are absent. */
export function scalesByIds(db: Queryable, ids: number[]): Promise<ScaleRecord[]> {
  const valid = ids.filter(isPgId);
  if (valid.length === 0) return Promise.resolve([]);
  return scalesWhere(db, sql`s.id = ANY(${sql.param(valid)}::int[])`);
}

export type NewScale = typeof scales.$inferInsert;

/** Inserts a scale; null when the channel already has a live scale (unique partial index). */
export async function insertScale(db: Queryable, values: NewScale): Promise<number | null> {
  const rows = await db
    .insert(scales)
    .values(values)
    .onConflictDoNothing({ target: [scales.controllerId, scales.channel], where: sql`state <> 'archived'` })
    .returning({ id: scales.id });
  return rows[0]?.id ?? null;
}

export async function updateScale(db: Queryable, id: number, values: Partial<NewScale>): Promise<void> {
  await db.update(scales).set(values).where(eq(scales.id, id));
}

/** Archives the live scale of a channel; its id, or null when the channel has none. */
export async function archiveChannelScale(
  db: Queryable,
  controllerId: number,
  channel: number,
): Promise<number | null> {
  const rows = await db
    .update(scales)
    .set({ state: 'archived', archivedAt: sql`now()` })
    .where(
      and(eq(scales.controllerId, controllerId), eq(scales.channel, channel), ne(scales.state, 'archived')),
    )
    .returning({ id: scales.id });
  return rows[0]?.id ?? null;
}

/** The affiliation of a user (for managers listing a user's scales); undefined when the user does not exist. */
export async function userAffiliation(db: Queryable, userId: number) {
  const [row] = await db
    .select({ affiliationId: users.affiliationId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Archives every live scale of a controller (a newly registered owner starts with free channels). */
export async function archiveLiveScales(db: Queryable, controllerId: number): Promise<void> {
  await db
    .update(scales)
    .set({ state: 'archived', archivedAt: sql`now()` })
    .where(and(eq(scales.controllerId, controllerId), ne(scales.state, 'archived')));
}

/** When the channel's most recent archived scale was archived, or null (a new scale's history may not overlap it). */
export async function lastArchivedAt(
  db: Queryable,
  controllerId: number,
  channel: number,
): Promise<Date | null> {
  const res = await db.execute<{ at: Date | string | null }>(sql`
    SELECT max(archived_at) AS at FROM scales
    WHERE controller_id = ${controllerId} AND channel = ${channel} AND state = 'archived'`);
  const at = res.rows[0]?.at;
  return at ? new Date(at) : null;
}
