/**
 * What a threshold on the colony's own rhythm would do (`BENCH_ONLY=rhythm-gate npm run bench`, docs/alarms.md
 * "Explanations"): every swarm alarm carries the spread of its colony's step at that hour (`seen.spread`,
 * detect/rhythm.ts); a gate `|delta| ≥ GATE × spread` would drop the alarms below it. Counted here, per corpus
 * and sampling rate, for the alarms that fall on a simulated swarm and for the others, and on a hand-made
 * restless strong colony read hourly whose hours wander by 0.3–1.2 kg. The detector itself has no such gate.
 */
import { DEFAULT_GLOBAL_SETTINGS } from '@hivescope/contract';
import { detectWeightAlarms } from '../apps/server/src/modules/alarms/detect';
import {
  DAY,
  HOUR,
  MAY,
  STRONG,
  hive,
  input,
  local,
  series,
  step,
  type Change,
} from '../apps/server/src/modules/alarms/detect/detect.fixtures';
import type { DetectedEvent } from '../apps/server/src/modules/alarms/detect/types';
import { readings, truth } from '../apps/server/test/alarm-quality/corpus';
import { ALARM_WINDOW, TIME_ZONE, apiaryOf, type Corpus } from '../apps/server/test/alarm-quality/evaluate';
import { windowsOf } from '../apps/server/test/alarm-quality/score';

const GATE = 3;
type Count = { swarms: number; swarmsDropped: number; others: number; othersDropped: number };
const empty = (): Count => ({ swarms: 0, swarmsDropped: 0, others: 0, othersDropped: 0 });
const dropped = (e: DetectedEvent) => e.seen?.spread != null && Math.abs(e.delta) < GATE * e.seen.spread;

function add(count: Count, e: DetectedEvent, onSwarm: boolean) {
  if (onSwarm) {
    count.swarms++;
    if (dropped(e)) count.swarmsDropped++;
  } else {
    count.others++;
    if (dropped(e)) count.othersDropped++;
  }
}

function corpusCount(corpus: Corpus, from: number, to: number, minutes: number): Count {
  const count = empty();
  for (let seed = from; seed <= to; seed++) {
    const a = apiaryOf(corpus, seed);
    const scales = readings(a, minutes);
    const found = detectWeightAlarms({
      scales,
      timeZone: TIME_ZONE,
      alarmWindow: ALARM_WINDOW,
      settings: DEFAULT_GLOBAL_SETTINGS,
    });
    for (const e of found.filter((x) => x.type === 'swarm' && x.time >= a.from && x.time < a.to)) {
      const hiveOf = a.hives.find((h) => h.scaleId === e.scaleId);
      const swarms = hiveOf ? truth(a, hiveOf).filter((t) => t.kind === 'swarm') : [];
      const onSwarm = swarms.some((s) => windowsOf(s).some(([lo, hi]) => e.time >= lo && e.time <= hi));
      add(count, e, onSwarm);
    }
  }
  return count;
}

/** The weight wanders through each day by about `sd` kg an hour (a fixed hash per hour) and back overnight. */
const restless =
  (sd: number): Change =>
  (t) => {
    const day = Math.floor((t - MAY) / DAY);
    const hourOf = (x: number) => (x - MAY - day * DAY) / HOUR;
    const change = (h: number) => {
      const x = Math.sin((day * 24 + h) * 12.9898) * 43_758.5453;
      return sd * 2 * Math.sqrt(3) * (x - Math.floor(x) - 0.5);
    };
    let w = 0;
    for (let h = 9; h < 19; h++) w += change(h) * Math.min(1, Math.max(0, hourOf(t) - h));
    return hourOf(t) > 19 ? w * Math.max(0, 1 - (hourOf(t) - 19) / 5) : w;
  };

function restlessCount(): Count {
  const count = empty();
  for (const sd of [0.3, 0.5, 0.7, 0.9, 1.2])
    for (const kg of [1, 1.5, 2, 2.5])
      for (const day of [14, 15, 16])
        for (const hour of [11.5, 13.5, 15.5]) {
          const at = local(day, hour);
          const s = series(1, MAY, MAY + 18 * DAY, 60, hive(STRONG, restless(sd), step(at, -kg, 20)));
          for (const e of detectWeightAlarms(input([s])).filter((x) => x.type === 'swarm'))
            add(count, e, Math.abs(e.time - at) <= 3 * HOUR);
        }
  return count;
}

export function benchRhythmGate(): void {
  const rows: [string, Count][] = [];
  for (const minutes of [15, 60]) {
    rows.push([`main corpus 1–60, ${minutes} min`, corpusCount('main', 1, 60, minutes)]);
    rows.push([`strong flow 11001–11035, ${minutes} min`, corpusCount('strong-flow', 11001, 11035, minutes)]);
  }
  rows.push(['restless strong colony (180 series), 60 min', restlessCount()]);
  console.log(`Swarm alarms a gate |delta| ≥ ${GATE} × spread would drop (docs/alarms.md "Explanations"):`);
  console.log('| set | on a swarm: dropped / found | elsewhere: dropped / raised |');
  console.log('|---|---:|---:|');
  for (const [name, c] of rows)
    console.log(`| ${name} | ${c.swarmsDropped} / ${c.swarms} | ${c.othersDropped} / ${c.others} |`);
}
