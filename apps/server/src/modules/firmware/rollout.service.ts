import type {
  FirmwareRollout,
  FirmwareRolloutAction,
  FirmwareRolloutCounts,
  FirmwareRolloutCreate,
  FirmwareRolloutDetail,
} from '@hivescope/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { adminRecipients, controllersState, isUniqueViolation, lockImage } from './firmware.repository';
import { pausedMail } from './rollout.mail';
import {
  completeIfDone,
  deactivateMembers,
  insertMembers,
  insertRollout,
  lockRollout,
  markDownloaded,
  markFailed,
  markUpdated,
  offerDesired,
  openStage,
  readMembers,
  readRollouts,
  setStatus,
  stateCounts,
  watchFindings,
  withdrawOffers,
  type FailureKind,
  type RolloutRow,
  type StateCount,
} from './rollout.repository';

/** A timestamp as the API shows it (pg gives a Date or, through drizzle's execute, a string). */
const iso = (v: Date | string) => new Date(v).toISOString();

/** How a controller in an active roll-out stands, as the device lookup reads it (device.repository.ts). */
export type RolloutMembership = { rolloutId: number; version: string; state: string };

export type RolloutDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: { error: (obj: object, msg: string) => void };
};

export type RolloutService = ReturnType<typeof createRolloutService>;

const stateError = () => new AppError(409, 'errors:firmwareRolloutState');
const notFound = () => new AppError(404, 'errors:firmwareRolloutNotFound');

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

/** How many of `n` controllers the first stage gets: `percent` %, rounded up, at least one. */
export const firstStageSize = (n: number, percent: number) => Math.max(1, Math.ceil((n * percent) / 100));

/**
 * Staged roll-outs (docs/firmware.md "Staged roll-out"): the first stage is offered the version at once; a
 * failure (an updated controller silent for more than 2 × its update interval, or back on another version)
 * pauses the roll-out by itself, withdraws the offer from the controllers not yet updated and tells every
 * admin by mail; otherwise the admin continues it to the rest.
 */
export function createRolloutService(deps: RolloutDeps) {
  const { db } = deps;

  async function read(id?: number): Promise<FirmwareRollout[]> {
    const rows = await readRollouts(db, id);
    const counts = await stateCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toRollout(r, counts));
  }

  async function one(id: number): Promise<FirmwareRollout> {
    const [rollout] = await read(id);
    if (!rollout) throw notFound();
    return rollout;
  }

  async function notifyAdmins(
    rolloutId: number,
    kind: FailureKind,
    controllerId: number,
    reported: string | null,
  ) {
    const rollout = await one(rolloutId);
    const [controller] = (await readMembers(db, rolloutId)).filter((m) => m.controllerId === controllerId);
    const at = rollout.pausedReason ? new Date(rollout.pausedReason.at) : new Date();
    const data = {
      rolloutId,
      version: rollout.version,
      kind,
      controller: controller?.name ?? `#${controllerId}`,
      reported,
      counts: rollout.counts,
    };
    for (const admin of await adminRecipients(db)) {
      await deps.mailer.send(pausedMail(data, admin, deps.publicUrl, at));
    }
  }

  /** Marks a member failed; a running roll-out pauses (offers withdrawn) and the admins are told. */
  async function fail(rolloutId: number, controllerId: number, kind: FailureKind, reported: string | null) {
    const paused = await db.transaction(async (tx) => {
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
      notifyAdmins(rolloutId, kind, controllerId, reported).catch((err: unknown) =>
        deps.log.error(
          { rolloutId, reason: err instanceof Error ? err.message : String(err) },
          'firmware roll-out mail failed',
        ),
      );
    return paused;
  }

  async function updated(rolloutId: number, controllerId: number) {
    await db.transaction(async (tx) => {
      if (await markUpdated(tx, rolloutId, controllerId)) await completeIfDone(tx, rolloutId);
    });
  }

  return {
    list: () => read(),
    get: one,

    async detail(id: number): Promise<FirmwareRolloutDetail> {
      const rollout = await one(id);
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
    },

    /** Starts a roll-out; answers it and how many controllers the first stage offers. */
    async create(
      createdBy: number,
      body: FirmwareRolloutCreate,
    ): Promise<{ rollout: FirmwareRollout; firstStage: number }> {
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
          if (isUniqueViolation(err))
            throw new AppError(409, 'errors:firmwareControllerInRollout', { count: 1 });
          throw err;
        }
        await offerDesired(tx, rolloutId, version);
        await completeIfDone(tx, rolloutId);
        return rolloutId;
      });
      return { rollout: await one(id), firstStage };
    },

    /** continue / pause / cancel; answers the roll-out and the message key (with its parameters). */
    async act(id: number, action: FirmwareRolloutAction) {
      const result = await db.transaction(async (tx) => {
        const r = await lockRollout(tx, id);
        if (!r) throw notFound();
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
      return { ...result, rollout: await one(id) };
    },

    /**
     * The ingest's hook (docs/device-protocol.md): called after a report of a controller in an active roll-out
     * was stored, only when its version changes its standing (offered → updated, updated → fell back).
     */
    async onReport(controllerId: number, membership: RolloutMembership, reported: string): Promise<void> {
      if (membership.state === 'offered' && reported === membership.version)
        await updated(membership.rolloutId, controllerId);
      else if (membership.state === 'updated' && reported !== membership.version)
        await fail(membership.rolloutId, controllerId, 'fellBack', reported);
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
          await updated(f.rolloutId, f.controllerId);
          found.updated += 1;
        } else {
          found.failed += 1;
          if (await fail(f.rolloutId, f.controllerId, f.kind, f.reported)) found.paused += 1;
        }
      }
      return found;
    },
  };
}
