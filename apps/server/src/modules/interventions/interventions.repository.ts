import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { InterventionLabel } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { interventions } from '../../db/schema';

export type InterventionRow = typeof interventions.$inferSelect;
export type InterventionValues = { label?: InterventionLabel; description?: string; time?: Date };

export async function insertIntervention(
  db: Queryable,
  values: { scaleId: number; label: InterventionLabel; description: string; time: Date; createdBy: number },
): Promise<InterventionRow> {
  const [row] = await db.insert(interventions).values(values).returning();
  if (!row) throw new Error('intervention not inserted');
  return row;
}

export async function interventionById(db: Queryable, id: number): Promise<InterventionRow | undefined> {
  const [row] = await db.select().from(interventions).where(eq(interventions.id, id));
  return row;
}

export async function updateIntervention(
  db: Queryable,
  id: number,
  values: InterventionValues,
): Promise<InterventionRow | undefined> {
  const [row] = await db
    .update(interventions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(interventions.id, id))
    .returning();
  return row;
}

export async function deleteIntervention(db: Queryable, id: number): Promise<void> {
  await db.delete(interventions).where(eq(interventions.id, id));
}

/** The interventions of these scales in [from, to), by time (index interventions_scale_time_idx). */
export function interventionsOf(db: Queryable, scaleIds: number[], from: Date, to: Date) {
  if (scaleIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(interventions)
    .where(
      and(
        inArray(interventions.scaleId, scaleIds),
        gte(interventions.time, from),
        lt(interventions.time, to),
      ),
    )
    .orderBy(asc(interventions.time), asc(interventions.id));
}
