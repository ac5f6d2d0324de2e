import type { FirmwareRollout, FirmwareRolloutAction } from '@hivescope/contract';

type T = (key: string, values?: Record<string, unknown>) => string;

/** Why a roll-out paused, in words: which controller went silent or fell back, or that an admin paused it. */
export function pauseReasonText(rollout: FirmwareRollout, t: T): string | null {
  const reason = rollout.pausedReason;
  if (!reason) return null;
  const controller = reason.controllerName ?? (reason.controllerId === null ? '' : `#${reason.controllerId}`);
  return t(`rollout.reason.${reason.kind}`, { controller });
}

/**
 * The actions a roll-out offers in its state (docs/firmware.md "Staged roll-out"): running in stage 1 with
 * controllers still waiting → continue to the rest; paused → resume (also "continue"); running or paused →
 * pause (running only) and cancel. A completed or cancelled roll-out offers none.
 */
export function rolloutActions(rollout: FirmwareRollout): FirmwareRolloutAction[] {
  if (rollout.status === 'paused') return ['continue', 'cancel'];
  if (rollout.status !== 'running') return [];
  const waiting = rollout.stage === 1 && rollout.counts.waiting > 0;
  return waiting ? ['continue', 'pause', 'cancel'] : ['pause', 'cancel'];
}

/** The label key of an action: "continue" reads "Resume" on a paused roll-out, "Continue with the rest" else. */
export function actionLabelKey(rollout: FirmwareRollout, action: FirmwareRolloutAction): string {
  if (action === 'continue') return rollout.status === 'paused' ? 'rollout.resume' : 'rollout.continue';
  return `rollout.${action}`;
}
