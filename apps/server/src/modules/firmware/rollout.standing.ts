import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { adminRecipients } from './firmware.repository';
import { pausedMail } from './rollout.mail';
import {
  completeIfDone,
  lockRollout,
  markFailed,
  markUpdated,
  readMembers,
  setStatus,
  withdrawOffers,
  type FailureKind,
} from './rollout.repository';
import { readRolloutView } from './rollout.view';

/** What a member's change of standing needs: the database, and for a pause the admins' mail. */
export type StandingDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: { error: (obj: object, msg: string) => void };
};

async function notifyAdmins(
  deps: StandingDeps,
  rolloutId: number,
  kind: FailureKind,
  controllerId: number,
  reported: string | null,
) {
  const rollout = await readRolloutView(deps.db, rolloutId);
  const [controller] = (await readMembers(deps.db, rolloutId)).filter((m) => m.controllerId === controllerId);
  const at = rollout.pausedReason ? new Date(rollout.pausedReason.at) : new Date();
  const data = {
    rolloutId,
    version: rollout.version,
    kind,
    controller: controller?.name ?? `#${controllerId}`,
    reported,
    counts: rollout.counts,
  };
  for (const admin of await adminRecipients(deps.db)) {
    await deps.mailer.send(pausedMail(data, admin, deps.publicUrl, at));
  }
}

/** Marks a member failed; a running roll-out pauses (offers withdrawn) and the admins are told. */
export async function memberFailed(
  deps: StandingDeps,
  rolloutId: number,
  controllerId: number,
  kind: FailureKind,
  reported: string | null,
) {
  const paused = await deps.db.transaction(async (tx) => {
    const r = await lockRollout(tx, rolloutId);
    if (!r || !(await markFailed(tx, rolloutId, controllerId, kind))) return false;
    await withdrawOffers(tx, rolloutId, r.version, { controllerId, states: ['failed'] });
    if (r.status !== 'running') return false;
    await setStatus(tx, rolloutId, ['running'], 'paused', { paused: { kind, controllerId } });
    await withdrawOffers(tx, rolloutId, r.version, { states: ['offered'] });
    return true;
  });
  // not awaited: the transmitter's report answer must not wait for the mail server
  if (paused)
    notifyAdmins(deps, rolloutId, kind, controllerId, reported).catch((err: unknown) =>
      deps.log.error(
        { rolloutId, reason: err instanceof Error ? err.message : String(err) },
        'firmware roll-out mail failed',
      ),
    );
  return paused;
}

/** Marks a member updated; the roll-out completes when no member is left to update. */
export async function memberUpdated(db: Db, rolloutId: number, controllerId: number) {
  await db.transaction(async (tx) => {
    if (await markUpdated(tx, rolloutId, controllerId)) await completeIfDone(tx, rolloutId);
  });
}
