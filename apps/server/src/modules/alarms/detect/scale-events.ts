import type { DetectInput, DetectedEvent, ScaleSeries } from './types';
import { activityAlarms, activityDays } from './activity';
import { calibratedSwarmLoss } from './calibration';
import { classify, type Verdict } from './classify';
import { DAY_MS, HOUR_MS } from './constants';
import { emptyScaleEvents } from './empty';
import { findEpisodes, type Episode } from './episodes';
import { localTime } from './local-time';
import { seenAt } from './rhythm';
import { droppedTogether, gainedTogether, lostTogether, type Prepared } from './together';

/**
 * A second episode of the same alarm within this time is the same incident (its later readings), unless the
 * first was the whole stand's loss (together.ts): weather is no incident, a swarm right after it is its own.
 */
const REPEAT_MS = 2 * HOUR_MS;

/** The events of one scale whose confirming readings are all there (docs/alarms.md "Detection rules"). */
export function scaleEvents(
  scale: Prepared,
  series: ScaleSeries,
  all: readonly Prepared[],
  input: DetectInput,
  emitFrom = -Infinity,
): DetectedEvent[] {
  const { scaleId, channel } = series;
  const week = weekOf(emitFrom, input.timeZone);
  const out: DetectedEvent[] = [];
  for (const e of emptyScaleEvents(scale.points, input.settings.averageWeightMinMass))
    if (e.horizon <= scale.settled)
      out.push({ scaleId, channel, type: e.type, time: e.time, delta: e.delta });
  const judged = judge(scale, input, week.episodesFrom);
  // swarm verdicts the other scales show to be the stand's weather (true), or not yet (null)
  const shared = judged.map(({ episode, verdict }) => sharedChange(episode, verdict, scale, all));
  judged.forEach(({ episode, verdict }, i) => {
    if (!verdict || episode.horizon > scale.settled || shared[i] !== false) return;
    // the beekeeper answered "no" to losses this large on this hive lately: its rhythm, not a swarm
    const calibrated = verdict.type === 'swarm' ? calibratedSwarmLoss(series.dismissed, episode.time) : null;
    if (calibrated !== null && verdict.delta > calibrated) return;
    // the same incident seen again, or not sure yet whether it was; the stand's weather is no incident of its own
    const repeat = judged.some(
      (o, k) =>
        k < i &&
        o.episode.time >= episode.time - REPEAT_MS &&
        (o.episode.horizon > scale.settled ||
          shared[k] === null ||
          (o.verdict?.type === verdict.type && shared[k] === false)),
    );
    if (repeat) return;
    const seen = seenAt(scale.track, episode);
    out.push({ scaleId, channel, type: verdict.type, time: episode.time, delta: verdict.delta, seen });
  });
  const days = activityDays(scale.track, sudden(judged), input, week.fromDay);
  for (const day of activityAlarms(days, input.settings))
    if (day.horizon <= scale.settled)
      out.push({ scaleId, channel, type: 'activity', time: day.time, delta: day.net });
  return out;
}

/** Every episode of the scale (losses and gains) in time order, with what it would raise on its own. */
function judge(
  scale: Prepared,
  input: DetectInput,
  from = -Infinity,
): { episode: Episode; verdict: Verdict }[] {
  const episodes = findEpisodes(scale.track, from);
  episodes.sort((a, b) => a.time - b.time || a.sign - b.sign);
  return episodes.map((episode) => {
    const minute = localTime(input.timeZone, episode.time).minute;
    const ctx = { minute, alarmWindow: input.alarmWindow, minMass: input.settings.averageWeightMinMass };
    return { episode, verdict: classify(episode, scale.track, ctx) };
  });
}

/** The activity figure of every day of the scale (for the quality measurement, docs/alarms.md). */
export function activityFigures(scale: Prepared, input: DetectInput) {
  return activityDays(scale.track, sudden(judge(scale, input)), input);
}

/** A lasting change this large (kg) is a sudden step for the activity figures, alarm or not (feeding). */
const SUDDEN_KG = 1.5;

/** Episodes that raised an alarm or changed the weight for good by SUDDEN_KG or more: not the bees' doing. */
function sudden(judged: readonly { episode: Episode; verdict: Verdict }[]): Episode[] {
  return judged
    .filter(
      ({ episode: e, verdict }) => verdict !== null || (e.late !== null && e.sign * e.late >= SUDDEN_KG),
    )
    .map((j) => j.episode);
}

/**
 * What a run returning events from `emitFrom` on must look at (less is faster, same answers): activity days
 * from the local Monday of that week (the alarm chain starts there), episodes from a day and the repeat
 * span before that (a day's figure leaves out the steps of its 24 hours).
 */
function weekOf(emitFrom: number, timeZone: string): { fromDay: number; episodesFrom: number } {
  if (!Number.isFinite(emitFrom)) return { fromDay: -Infinity, episodesFrom: -Infinity };
  const { day } = localTime(timeZone, emitFrom);
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  // a local midnight lies within 14 h of the UTC midnight of the same date
  return { fromDay: monday, episodesFrom: monday * DAY_MS - 14 * HOUR_MS - DAY_MS - REPEAT_MS - HOUR_MS };
}

/**
 * Whether a verdict is the whole stand's weather (together.ts): a swarm-sized loss every hive showed, or a
 * night gain every hive showed (rain); null while other scales' readings are not final.
 */
function sharedChange(
  e: Episode,
  verdict: Verdict,
  scale: Prepared,
  all: readonly Prepared[],
): boolean | null {
  if (verdict?.type === 'disturbance' && e.sign > 0) return gainedTogether(e, scale, all);
  if (verdict?.type !== 'swarm') return false;
  const dropped = droppedTogether(e, scale, all);
  if (dropped !== false) return dropped;
  return lostTogether(e, scale, all, verdict.delta);
}
