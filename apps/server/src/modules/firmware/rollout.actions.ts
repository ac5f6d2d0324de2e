import type { FirmwareRolloutAction, FirmwareRolloutCreate } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { controllersState, isUniqueViolation, lockImage } from './firmware.repository';
import {
  completeIfDone,
  deactivateMembers,
  insertMembers,
  insertRollout,
  lockRollout,
  offerDesired,
  openStage,
  setStatus,
  withdrawOffers,
} from './rollout.repository';
import { rolloutNotFound } from './rollout.view';

const stateError = () => new AppError(409, 'errors:firmwareRolloutState');

/** How many of `n` controllers the first stage gets: `percent` %, rounded up, at least one. */
export const firstStageSize = (n: number, percent: number) => Math.max(1, Math.ceil((n * percent) / 100));

/** Starts a roll-out (docs/firmware.md "Staged roll-out"); answers its id and how many the first stage offers. */
export async function createRollout(
  db: Db,
  createdBy: number,
  body: FirmwareRolloutCreate,
): Promise<{ id: number; firstStage: number }> {
  const { version, controllerIds: ids } = body;
  const firstStage = firstStageSize(ids.length, body.firstStagePercent);
  const id = await db.transaction(async (tx) => {
    if (!(await lockImage(tx, version, false)))
      throw new AppError(404, 'errors:firmwareNotFound', { version });
    const state = await controllersState(tx, ids);
    if (state.found !== ids.length) throw new AppError(404, 'errors:firmwareControllersNotFound');
    if (state.inRollout > 0)
      throw new AppError(409, 'errors:firmwareControllerInRollout', { count: state.inRollout });
    const rolloutId = await insertRollout(tx, {
      version,
      firstStagePercent: body.firstStagePercent,
      createdBy,
    });
    try {
      await insertMembers(tx, rolloutId, version, ids, firstStage);
    } catch (err) {
      // another roll-out took one of them since the check above
      if (isUniqueViolation(err)) throw new AppError(409, 'errors:firmwareControllerInRollout', { count: 1 });
      throw err;
    }
    await offerDesired(tx, rolloutId, version);
    await completeIfDone(tx, rolloutId);
    return rolloutId;
  });
  return { id, firstStage };
}

/** continue / pause / cancel; answers the message key (with its parameters). */
export async function actOnRollout(db: Db, id: number, action: FirmwareRolloutAction) {
  return db.transaction(async (tx) => {
    const r = await lockRollout(tx, id);
    if (!r) throw rolloutNotFound();
    if (action === 'pause') {
      if (r.status !== 'running') throw stateError();
      await setStatus(tx, id, ['running'], 'paused', { paused: { kind: 'manual', controllerId: null } });
      await withdrawOffers(tx, id, r.version, { states: ['offered'] });
      return { key: 'messages:firmwareRolloutPaused', params: {} };
    }
    if (action === 'cancel') {
      if (r.status !== 'running' && r.status !== 'paused') throw stateError();
      await withdrawOffers(tx, id, r.version, { states: ['offered'] });
      await setStatus(tx, id, ['running', 'paused'], 'cancelled');
      await deactivateMembers(tx, id);
      return { key: 'messages:firmwareRolloutCancelled', params: {} };
    }
    if (r.status === 'paused') {
      await setStatus(tx, id, ['paused'], 'running', { paused: null });
      await offerDesired(tx, id, r.version);
      await completeIfDone(tx, id);
      return { key: 'messages:firmwareRolloutResumed', params: {} };
    }
    if (r.status !== 'running' || r.stage !== 1) throw stateError();
    const count = await openStage(tx, id, r.version, 2);
    if (count === 0) throw stateError();
    await setStatus(tx, id, ['running'], 'running', { stage: 2 });
    await offerDesired(tx, id, r.version);
    await completeIfDone(tx, id);
    return { key: 'messages:firmwareRolloutContinued', params: { count } };
  });
}
