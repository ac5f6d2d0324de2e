import { describe, expect, it } from 'vitest';
import type { FirmwareRollout } from '@hivescope/contract';
import { actionLabelKey, pauseReasonText, rolloutActions } from './rolloutText';

/** What a roll-out card offers in each state, and how it names the reason of a pause. */
const counts = { total: 10, updated: 0, pending: 1, failed: 0, waiting: 9 };
const rollout = (change: Partial<FirmwareRollout> = {}): FirmwareRollout => ({
  id: 1,
  version: '1.5.0',
  status: 'running',
  stage: 1,
  firstStagePercent: 10,
  createdAt: '2026-05-01T09:00:00Z',
  createdBy: 'admin@example.org',
  updatedAt: '2026-05-01T09:00:00Z',
  pausedReason: null,
  counts,
  stages: [],
  ...change,
});
const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`;

describe('rolloutActions', () => {
  it('running in stage 1 with controllers waiting: continue to the rest, pause, cancel', () => {
    expect(rolloutActions(rollout())).toEqual(['continue', 'pause', 'cancel']);
  });

  it('running with nobody waiting (stage 2, or a 100 % roll-out): pause and cancel only', () => {
    expect(rolloutActions(rollout({ stage: 2, counts: { ...counts, waiting: 0 } }))).toEqual([
      'pause',
      'cancel',
    ]);
    expect(rolloutActions(rollout({ counts: { ...counts, waiting: 0 } }))).toEqual(['pause', 'cancel']);
  });

  it('paused: resume or cancel; finished: nothing', () => {
    const paused = rollout({ status: 'paused' });
    expect(rolloutActions(paused)).toEqual(['continue', 'cancel']);
    expect(actionLabelKey(paused, 'continue')).toBe('rollout.resume');
    expect(actionLabelKey(rollout(), 'continue')).toBe('rollout.continue');
    expect(rolloutActions(rollout({ status: 'completed' }))).toEqual([]);
    expect(rolloutActions(rollout({ status: 'cancelled' }))).toEqual([]);
  });
});

describe('pauseReasonText', () => {
  it('names the controller that went silent or fell back (its id when it has no name)', () => {
    const at = '2026-05-01T10:00:00Z';
    expect(
      pauseReasonText(
        rollout({ pausedReason: { kind: 'fellBack', controllerId: 7, controllerName: 'Stand 7', at } }),
        t,
      ),
    ).toBe('rollout.reason.fellBack {"controller":"Stand 7"}');
    expect(
      pauseReasonText(
        rollout({ pausedReason: { kind: 'silent', controllerId: 7, controllerName: null, at } }),
        t,
      ),
    ).toBe('rollout.reason.silent {"controller":"#7"}');
    expect(pauseReasonText(rollout(), t)).toBeNull();
  });
});
