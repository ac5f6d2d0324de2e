import { DAY_MS } from './constants';
import type { Dismissal } from './types';

/** "No" answers older than this before an episode no longer count: a colony's rhythm changes with the season. */
export const CALIBRATION_DAYS = 30;
/** A hive is calibrated once the beekeeper has answered "no" to this many of its swarm alarms. */
export const CALIBRATION_ANSWERS = 2;
/** A swarm must then lose this much more than the dismissed losses (the second largest of them). */
const MARGIN = 1.25;

/**
 * The loss (kg, negative) a swarm alarm of this scale must exceed at `time`, learned from the beekeeper's "no"
 * answers (docs/alarms.md "Answers"), or null while there are fewer than CALIBRATION_ANSWERS of them in the
 * CALIBRATION_DAYS before. Taking the second largest dismissed loss keeps one odd answer (a swarm the beekeeper
 * did not see leave) from silencing the hive. Only swarm alarms calibrate: a disturbance answered "it was me"
 * must not hide the next one, which may be a theft.
 */
export function calibratedSwarmLoss(
  dismissed: readonly Dismissal[] | undefined,
  time: number,
): number | null {
  if (!dismissed) return null;
  const losses = dismissed
    .filter((d) => d.type === 'swarm' && d.time < time && d.time >= time - CALIBRATION_DAYS * DAY_MS)
    .map((d) => -Math.abs(d.delta))
    .sort((a, b) => a - b);
  if (losses.length < CALIBRATION_ANSWERS) return null;
  return MARGIN * (losses[1] as number);
}
