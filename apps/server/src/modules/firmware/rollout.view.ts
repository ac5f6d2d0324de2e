import type { FirmwareRollout, FirmwareRolloutCounts, FirmwareRolloutDetail } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { AppError } from '../../http/errors';
import {
  readMembers,
  readRollouts,
  stateCounts,
  type RolloutRow,
  type StateCount,
} from './rollout.repository';

/** A timestamp as the API shows it (pg gives a Date or, through drizzle's execute, a string). */
const iso = (v: Date | string) => new Date(v).toISOString();

export const rolloutNotFound = () => new AppError(404, 'errors:firmwareRolloutNotFound');

function tally(rows: StateCount[]): FirmwareRolloutCounts {
  const of = (state: string) => rows.filter((r) => r.state === state).reduce((a, r) => a + r.n, 0);
  return {
    total: rows.reduce((a, r) => a + r.n, 0),
    updated: of('updated'),
    pending: of('offered'),
    failed: of('failed'),
    waiting: of('waiting'),
  };
}

const stageOf = (n: number): 1 | 2 => (n === 2 ? 2 : 1);

function toRollout(row: RolloutRow, counts: StateCount[]): FirmwareRollout {
  const mine = counts.filter((c) => c.rolloutId === row.id);
  const stages = [...new Set(mine.map((c) => c.stage))].sort((a, b) => a - b);
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    stage: stageOf(row.stage),
    firstStagePercent: row.firstStagePercent,
    createdAt: iso(row.createdAt),
    createdBy: row.createdBy,
    updatedAt: iso(row.updatedAt),
    pausedReason:
      row.status === 'paused' && row.pausedKind && row.pausedAt
        ? {
            kind: row.pausedKind,
            controllerId: row.pausedControllerId,
            controllerName: row.pausedControllerName,
            at: iso(row.pausedAt),
          }
        : null,
    counts: tally(mine),
    stages: stages.map((s) => ({ stage: stageOf(s), ...tally(mine.filter((c) => c.stage === s)) })),
  };
}

/** The roll-outs (all, or the one with `id`) with their counts per state and stage. */
export async function readRolloutViews(db: Queryable, id?: number): Promise<FirmwareRollout[]> {
  const rows = await readRollouts(db, id);
  const counts = await stateCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRollout(r, counts));
}

export async function readRolloutView(db: Queryable, id: number): Promise<FirmwareRollout> {
  const [rollout] = await readRolloutViews(db, id);
  if (!rollout) throw rolloutNotFound();
  return rollout;
}

/** One roll-out with each of its controllers. */
export async function readRolloutDetail(db: Queryable, id: number): Promise<FirmwareRolloutDetail> {
  const rollout = await readRolloutView(db, id);
  const members = await readMembers(db, id);
  return {
    ...rollout,
    controllers: members.map((m) => ({
      controllerId: m.controllerId,
      name: m.name,
      stage: stageOf(m.stage),
      state: m.state,
      fromVersion: m.fromVersion,
      currentVersion: m.currentVersion,
      failure: m.failure,
      updatedAt: m.updatedAt ? iso(m.updatedAt) : null,
      lastUpdate: m.lastUpdate ? iso(m.lastUpdate) : null,
    })),
  };
}
