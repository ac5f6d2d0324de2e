import type {
  Intervention,
  InterventionCreate,
  InterventionListQuery,
  InterventionUpdate,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { canWrite, type Access } from '../controllers/controller-access';
import { scaleTarget, scaleTargets, type ScaleTarget } from '../series/targets';
import {
  deleteIntervention as deleteRow,
  insertIntervention,
  interventionById,
  interventionsOf,
  updateIntervention as updateRow,
  type InterventionRow,
} from './interventions.repository';

/**
 * Interventions at a hive (docs/timeline.md, "Interventions"). Whoever may read the scale's controller reads
 * them; owners and admins write them; watchers (403 readOnlyWatch) and managers (403 forbidden) may not.
 */
const notFound = () => new AppError(404, 'errors:interventionNotFound');

function assertWritable(access: Access) {
  if (access === 'watcher') throw new AppError(403, 'errors:readOnlyWatch');
  if (!canWrite(access)) throw new AppError(403, 'errors:forbidden');
}

function toIntervention(row: InterventionRow, target: ScaleTarget): Intervention {
  return {
    id: row.id,
    idscale: row.scaleId,
    controllerId: target.controllerId,
    label: row.label,
    description: row.description,
    time: row.time.toISOString(),
    editable: canWrite(target.access),
  };
}

/** GET intervention?scales&xmin&xmax. */
export async function listInterventions(
  ctx: AppContext,
  auth: AuthContext,
  query: InterventionListQuery,
): Promise<Intervention[]> {
  const targets = new Map((await scaleTargets(ctx, auth, query.scales)).map((t) => [t.scale.id, t]));
  const rows = await interventionsOf(
    ctx.db,
    [...targets.keys()],
    new Date(query.xmin * 1000),
    new Date(query.xmax * 1000),
  );
  return rows.flatMap((row) => {
    const target = targets.get(row.scaleId);
    return target ? [toIntervention(row, target)] : [];
  });
}

/** POST intervention. */
export async function createIntervention(
  ctx: AppContext,
  auth: AuthContext,
  body: InterventionCreate,
): Promise<Intervention> {
  const target = await scaleTarget(ctx, auth, body.idscale);
  assertWritable(target.access);
  const row = await insertIntervention(ctx.db, {
    scaleId: body.idscale,
    label: body.label,
    description: body.description,
    time: new Date(body.time),
    createdBy: auth.userId,
  });
  return toIntervention(row, target);
}

/** The intervention and its scale's access, or 404 when the caller may not see its scale. */
async function visibleIntervention(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await interventionById(ctx.db, id);
  if (!row) throw notFound();
  try {
    return { row, target: await scaleTarget(ctx, auth, row.scaleId) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound();
    throw error;
  }
}

/** POST intervention/{id}. */
export async function updateIntervention(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  body: InterventionUpdate,
): Promise<Intervention> {
  const { row, target } = await visibleIntervention(ctx, auth, id);
  assertWritable(target.access);
  const { time, ...rest } = body;
  const updated = await updateRow(ctx.db, id, {
    ...rest,
    ...(time === undefined ? {} : { time: new Date(time) }),
  });
  return toIntervention(updated ?? row, target);
}

/** DELETE intervention/{id}. */
export async function deleteIntervention(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const { target } = await visibleIntervention(ctx, auth, id);
  assertWritable(target.access);
  await deleteRow(ctx.db, id);
}
