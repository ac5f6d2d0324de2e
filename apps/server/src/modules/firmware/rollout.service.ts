import type { FirmwareRolloutAction, FirmwareRolloutCreate } from '@hivescope/contract';
import { actOnRollout, createRollout } from './rollout.actions';
import { markDownloaded, watchFindings } from './rollout.repository';
import { memberFailed, memberUpdated, type StandingDeps } from './rollout.standing';
import { readRolloutDetail, readRolloutView, readRolloutViews } from './rollout.view';

/** How a controller in an active roll-out stands, as the device lookup reads it (device.repository.ts). */
export type RolloutMembership = { rolloutId: number; version: string; state: string };

export type RolloutService = ReturnType<typeof createRolloutService>;

/**
 * Staged roll-outs (docs/firmware.md "Staged roll-out"): the first stage is offered the version at once; a
 * failure (an updated controller silent for more than 2 × its update interval, or back on another version)
 * pauses the roll-out by itself, withdraws the offer from the controllers not yet updated and tells every
 * admin by mail; otherwise the admin continues it to the rest. Built once at start (`services.ts`): it holds
 * the mailer its pauses need. Reads and actions are `rollout.view.ts` and `rollout.actions.ts`; a member's
 * change of standing is `rollout.standing.ts`.
 */
export function createRolloutService(deps: StandingDeps) {
  const { db } = deps;
  return {
    list: () => readRolloutViews(db),
    get: (id: number) => readRolloutView(db, id),
    detail: (id: number) => readRolloutDetail(db, id),

    /** Starts a roll-out; answers it and how many controllers the first stage offers. */
    async create(createdBy: number, body: FirmwareRolloutCreate) {
      const { id, firstStage } = await createRollout(db, createdBy, body);
      return { rollout: await readRolloutView(db, id), firstStage };
    },

    /** continue / pause / cancel; answers the roll-out and the message key (with its parameters). */
    async act(id: number, action: FirmwareRolloutAction) {
      const result = await actOnRollout(db, id, action);
      return { ...result, rollout: await readRolloutView(db, id) };
    },

    /**
     * The ingest's hook (docs/device-protocol.md): called after a report of a controller in an active roll-out
     * was stored, only when its version changes its standing (offered → updated, updated → fell back).
     */
    async onReport(controllerId: number, membership: RolloutMembership, reported: string): Promise<void> {
      if (membership.state === 'offered' && reported === membership.version)
        await memberUpdated(db, membership.rolloutId, controllerId);
      else if (membership.state === 'updated' && reported !== membership.version)
        await memberFailed(deps, membership.rolloutId, controllerId, 'fellBack', reported);
    },

    /** Whether a report's version changes the controller's standing in its roll-out (cheap: no I/O). */
    concerns: (membership: RolloutMembership | null, reported: string) =>
      membership !== null &&
      ((membership.state === 'offered' && reported === membership.version) ||
        (membership.state === 'updated' && reported !== membership.version)),

    /** A download of the roll-out's version began: the controller is watched for silence from now on. */
    noteDownload: (controllerId: number, version: string) => markDownloaded(db, controllerId, version),

    /** The watch job's run (job `firmware-rollout-watch`): updates, fall-backs and silences at `now`. */
    async watch(now = new Date()) {
      const found = { updated: 0, failed: 0, paused: 0 };
      for (const f of await watchFindings(db, now)) {
        if (f.kind === 'updated') {
          await memberUpdated(db, f.rolloutId, f.controllerId);
          found.updated += 1;
        } else {
          found.failed += 1;
          if (await memberFailed(deps, f.rolloutId, f.controllerId, f.kind, f.reported)) found.paused += 1;
        }
      }
      return found;
    },
  };
}
