import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';
import type { FirmwareMemberState, FirmwareRolloutStatus } from '../../db/schema';

/** SQL of the staged roll-outs (docs/firmware.md "Staged roll-out"). */

export type FailureKind = 'silent' | 'fellBack';
export type PauseKind = FailureKind | 'manual';

export type RolloutRow = {
  id: number;
  version: string;
  status: FirmwareRolloutStatus;
  stage: number;
  firstStagePercent: number;
  createdAt: Date | string;
  createdBy: string | null;
  updatedAt: Date | string;
  pausedKind: PauseKind | null;
  pausedControllerId: number | null;
  pausedControllerName: string | null;
  pausedAt: Date | string | null;
};

export type StateCount = { rolloutId: number; stage: number; state: FirmwareMemberState; n: number };

export async function insertRollout(
  tx: Queryable,
  r: { version: string; firstStagePercent: number; createdBy: number },
): Promise<number> {
  const res = await tx.execute<{ id: number }>(
    sql`INSERT INTO firmware_rollouts (version, first_stage_percent, created_by)
        VALUES (${r.version}, ${r.firstStagePercent}, ${r.createdBy}) RETURNING id`,
  );
  return res.rows[0]!.id;
}

/**
 * The roll-out's controllers in the admin's order: the first `firstStage` are stage 1 and offered now (a
 * controller already running the version counts as updated), the rest stage 2, waiting. Fails with a unique
 * violation when a controller is in another active roll-out.
 */
export async function insertMembers(
  tx: Queryable,
  rolloutId: number,
  version: string,
  ids: number[],
  firstStage: number,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO firmware_rollout_controllers
          (rollout_id, controller_id, position, stage, state, from_version, previous_desired, offered_at, updated_at)
        SELECT ${rolloutId}, c.id, u.pos, CASE WHEN u.pos <= ${firstStage} THEN 1 ELSE 2 END,
               CASE WHEN u.pos > ${firstStage} THEN 'waiting'
                    WHEN c.software_version = ${version} THEN 'updated' ELSE 'offered' END,
               c.software_version, c.desired_firmware,
               CASE WHEN u.pos <= ${firstStage} THEN now() END,
               CASE WHEN u.pos <= ${firstStage} AND c.software_version = ${version} THEN now() END
          FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS u(id, pos)
          JOIN controllers c ON c.id = u.id`,
  );
}

/** Offers stage `stage`'s waiting controllers (a controller already on the version counts as updated). */
export async function openStage(tx: Queryable, rolloutId: number, version: string, stage: number) {
  const res = await tx.execute(
    sql`UPDATE firmware_rollout_controllers m
           SET state = CASE WHEN c.software_version = ${version} THEN 'updated' ELSE 'offered' END,
               offered_at = now(),
               updated_at = CASE WHEN c.software_version = ${version} THEN now() END
          FROM controllers c
         WHERE c.id = m.controller_id AND m.rollout_id = ${rolloutId} AND m.stage = ${stage}
           AND m.state = 'waiting'`,
  );
  return res.rowCount ?? 0;
}

/** The version becomes the desired one of every offered controller of the roll-out (start, continue, resume). */
export async function offerDesired(tx: Queryable, rolloutId: number, version: string): Promise<void> {
  await tx.execute(
    sql`UPDATE controllers c SET desired_firmware = ${version}
          FROM firmware_rollout_controllers m
         WHERE m.controller_id = c.id AND m.rollout_id = ${rolloutId} AND m.state = 'offered'
           AND c.desired_firmware IS DISTINCT FROM ${version}`,
  );
}

/**
 * Offered controllers (or just `controllerId`) get back the desired version they had before, where the
 * roll-out's version is still the desired one: the offer is withdrawn (pause, cancel, a failure). A desired
 * version equal to the one they ran before becomes none, so a controller already updated is never offered
 * its old version (a downgrade) by a withdrawal.
 */
export async function withdrawOffers(
  tx: Queryable,
  rolloutId: number,
  version: string,
  opts: { controllerId?: number; states: FirmwareMemberState[] },
): Promise<void> {
  const only = opts.controllerId === undefined ? sql`true` : sql`m.controller_id = ${opts.controllerId}`;
  await tx.execute(
    sql`UPDATE controllers c
           SET desired_firmware = CASE WHEN m.previous_desired IS DISTINCT FROM m.from_version
                                       THEN m.previous_desired END
          FROM firmware_rollout_controllers m
         WHERE m.controller_id = c.id AND m.rollout_id = ${rolloutId} AND ${only}
           AND m.state = ANY(${sql.param(opts.states)}::text[]) AND c.desired_firmware = ${version}`,
  );
}

/** Moves the roll-out from one of `from` to `to`; false when it was in another status (a concurrent change). */
export async function setStatus(
  tx: Queryable,
  id: number,
  from: FirmwareRolloutStatus[],
  to: FirmwareRolloutStatus,
  extra: { stage?: number; paused?: { kind: PauseKind; controllerId: number | null } | null } = {},
): Promise<boolean> {
  const paused =
    extra.paused === undefined
      ? sql``
      : extra.paused === null
        ? sql`, paused_kind = NULL, paused_controller_id = NULL, paused_at = NULL`
        : sql`, paused_kind = ${extra.paused.kind}, paused_controller_id = ${extra.paused.controllerId},
               paused_at = now()`;
  const stage = extra.stage === undefined ? sql`` : sql`, stage = ${extra.stage}`;
  const res = await tx.execute(
    sql`UPDATE firmware_rollouts SET status = ${to}, updated_at = now() ${stage} ${paused}
         WHERE id = ${id} AND status = ANY(${sql.param(from)}::text[])`,
  );
  return (res.rowCount ?? 0) > 0;
}

/** Ends the members' part in an ended roll-out (they may join another). */
export async function deactivateMembers(tx: Queryable, rolloutId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE firmware_rollout_controllers SET active = false WHERE rollout_id = ${rolloutId} AND active`,
  );
}

/** A running roll-out with nothing offered or waiting any more is completed (true when it just was). */
export async function completeIfDone(tx: Queryable, rolloutId: number): Promise<boolean> {
  const res = await tx.execute(
    sql`UPDATE firmware_rollouts r SET status = 'completed', updated_at = now()
         WHERE r.id = ${rolloutId} AND r.status = 'running'
           AND NOT EXISTS (SELECT 1 FROM firmware_rollout_controllers m
                            WHERE m.rollout_id = r.id AND m.state IN ('offered', 'waiting'))`,
  );
  if ((res.rowCount ?? 0) === 0) return false;
  await deactivateMembers(tx, rolloutId);
  return true;
}

export async function markUpdated(tx: Queryable, rolloutId: number, controllerId: number): Promise<boolean> {
  const res = await tx.execute(
    sql`UPDATE firmware_rollout_controllers SET state = 'updated', updated_at = now()
         WHERE rollout_id = ${rolloutId} AND controller_id = ${controllerId} AND state = 'offered' AND active`,
  );
  return (res.rowCount ?? 0) > 0;
}

export async function markFailed(
  tx: Queryable,
  rolloutId: number,
  controllerId: number,
  kind: FailureKind,
): Promise<boolean> {
  const res = await tx.execute(
    sql`UPDATE firmware_rollout_controllers SET state = 'failed', failure = ${kind}, failed_at = now()
         WHERE rollout_id = ${rolloutId} AND controller_id = ${controllerId}
           AND state IN ('offered', 'updated') AND active`,
  );
  return (res.rowCount ?? 0) > 0;
}

/** Notes the first download request of a controller in an active roll-out of `version`. */
export async function markDownloaded(tx: Queryable, controllerId: number, version: string): Promise<void> {
  await tx.execute(
    sql`UPDATE firmware_rollout_controllers m SET downloaded_at = now()
          FROM firmware_rollouts r
         WHERE r.id = m.rollout_id AND r.version = ${version}
           AND m.controller_id = ${controllerId} AND m.active AND m.downloaded_at IS NULL`,
  );
}

const ROLLOUT_COLUMNS = sql`r.id, r.version, r.status, r.stage, r.first_stage_percent AS "firstStagePercent",
  r.created_at AS "createdAt", u.email AS "createdBy", r.updated_at AS "updatedAt",
  r.paused_kind AS "pausedKind", r.paused_controller_id AS "pausedControllerId",
  pc.name AS "pausedControllerName", r.paused_at AS "pausedAt"`;
const ROLLOUT_FROM = sql`firmware_rollouts r
  LEFT JOIN users u ON u.id = r.created_by
  LEFT JOIN controllers pc ON pc.id = r.paused_controller_id`;

/** Every roll-out (active ones first, then the newest), or just `id`. */
export async function readRollouts(db: Queryable, id?: number): Promise<RolloutRow[]> {
  const where = id === undefined ? sql`true` : sql`r.id = ${id}`;
  const res = await db.execute<RolloutRow>(
    sql`SELECT ${ROLLOUT_COLUMNS} FROM ${ROLLOUT_FROM} WHERE ${where}
         ORDER BY (r.status IN ('running', 'paused')) DESC, r.created_at DESC, r.id DESC LIMIT 200`,
  );
  return res.rows;
}

/** Members per roll-out, stage and state. */
export async function stateCounts(db: Queryable, ids: number[]): Promise<StateCount[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<StateCount>(
    sql`SELECT rollout_id AS "rolloutId", stage, state, count(*)::int AS n
          FROM firmware_rollout_controllers WHERE rollout_id = ANY(${sql.param(ids)}::int[])
         GROUP BY 1, 2, 3`,
  );
  return res.rows;
}

export type MemberRow = {
  controllerId: number;
  name: string;
  stage: number;
  state: FirmwareMemberState;
  fromVersion: string | null;
  currentVersion: string | null;
  failure: FailureKind | null;
  updatedAt: Date | string | null;
  lastUpdate: Date | string | null;
};

export async function readMembers(db: Queryable, rolloutId: number): Promise<MemberRow[]> {
  const res = await db.execute<MemberRow>(
    sql`SELECT m.controller_id AS "controllerId", c.name, m.stage, m.state, m.from_version AS "fromVersion",
               c.software_version AS "currentVersion", m.failure, m.updated_at AS "updatedAt",
               c.last_update AS "lastUpdate"
          FROM firmware_rollout_controllers m JOIN controllers c ON c.id = m.controller_id
         WHERE m.rollout_id = ${rolloutId} ORDER BY m.position`,
  );
  return res.rows;
}

/** Locks a roll-out for a status change. */
export async function lockRollout(
  tx: Queryable,
  id: number,
): Promise<{ id: number; version: string; status: FirmwareRolloutStatus; stage: number } | undefined> {
  const res = await tx.execute<{ id: number; version: string; status: FirmwareRolloutStatus; stage: number }>(
    sql`SELECT id, version, status, stage FROM firmware_rollouts WHERE id = ${id} FOR UPDATE`,
  );
  return res.rows[0];
}

export type WatchFinding = {
  rolloutId: number;
  controllerId: number;
  kind: 'updated' | FailureKind;
  reported: string | null;
};

/**
 * What the watch job finds among active members of running or paused roll-outs at `now`:
 * - `updated`: offered and now reporting the version (the ingest hook normally sees it first);
 * - `fellBack`: updated and now reporting another version;
 * - `silent`: updated (or downloading) and no report for more than 2 × its update interval since then.
 */
export async function watchFindings(db: Queryable, now: Date): Promise<WatchFinding[]> {
  const res = await db.execute<WatchFinding>(
    sql`SELECT m.rollout_id AS "rolloutId", m.controller_id AS "controllerId",
               CASE
                 WHEN m.state = 'offered' AND c.software_version = r.version THEN 'updated'
                 WHEN m.state = 'updated' AND c.software_version IS DISTINCT FROM r.version THEN 'fellBack'
                 ELSE 'silent'
               END AS kind,
               c.software_version AS reported
          FROM firmware_rollout_controllers m
          JOIN firmware_rollouts r ON r.id = m.rollout_id
          JOIN controllers c ON c.id = m.controller_id
         WHERE m.active AND r.status IN ('running', 'paused')
           AND (
             (m.state = 'offered' AND c.software_version = r.version)
             OR (m.state = 'updated' AND c.software_version IS DISTINCT FROM r.version)
             OR ((m.state = 'updated' OR (m.state = 'offered' AND m.downloaded_at IS NOT NULL))
                 AND greatest(c.last_update, m.updated_at, m.downloaded_at)
                     < ${now.toISOString()}::timestamptz - make_interval(hours => 2 * c.update_interval))
           )
         ORDER BY m.rollout_id, m.position`,
  );
  return res.rows;
}
