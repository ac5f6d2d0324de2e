/**
 * Quality of the weight alarms (`BENCH_ONLY=alarms npm run bench`, docs/alarms.md "Measured quality"): a
 * simulated corpus of held-out apiaries (seeds the thresholds were not tuned on), 1–8 hives each from nucleus
 * to strong production colony, one season each, sampled every 15 minutes and every hour; recall per event
 * kind, false alarms per hive-season per alarm type, activity figures; then a report-by-report replay of a few
 * apiaries: the same events as one run over the whole series, and how long after the reading each came.
 * Env: BENCH_ALARM_SEEDS = "tune" (the tuning seeds) or "from-to[,from-to…]" (default: the held-out bench seeds);
 * "strong-tune" or "strong-held" (the strong-flow corpus's tuning 11001–11070 or held-out 12001–12070 apiaries,
 * docs/alarms.md "Strong colonies in a strong flow"), or "strong:from-to[,from-to…]".
 */
import { readings } from '../apps/server/test/alarm-quality/corpus';
import {
  ALARM_WINDOW,
  BENCH_SEEDS,
  EXPECTED,
  STRONG_HELD_OUT_SEEDS,
  STRONG_TUNING_SEEDS,
  TIME_ZONE,
  TUNING_SEEDS,
  alarmsOn,
  apiaryOf,
  evaluate,
  type Corpus,
  type Result,
  type SeedRange,
} from '../apps/server/test/alarm-quality/evaluate';
import { eventKey, replay } from '../apps/server/test/alarm-quality/stability';
import { DEFAULT_GLOBAL_SETTINGS } from '@hivescope/contract';

const HOUR = 3_600_000;
const pct = (hit: number, all: number): string => (all ? `${((100 * hit) / all).toFixed(1)} %` : 'n/a');
const per = (n: number, seasons: number): string => (n / seasons).toFixed(3);

const rangesOf = (arg: string): SeedRange[] =>
  arg.split(',').map((r) => {
    const [from, to] = r.split('-').map(Number);
    return { from: from ?? 0, to: to ?? 0 };
  });

function seeds(): { corpus: Corpus; ranges: readonly SeedRange[] } {
  const arg = process.env.BENCH_ALARM_SEEDS;
  if (arg === 'tune') return { corpus: 'main', ranges: TUNING_SEEDS };
  if (arg === 'strong-tune') return { corpus: 'strong-flow', ranges: STRONG_TUNING_SEEDS };
  if (arg === 'strong-held') return { corpus: 'strong-flow', ranges: STRONG_HELD_OUT_SEEDS };
  const strong = arg?.match(/^strong:(\d+-\d+(,\d+-\d+)*)$/)?.[1];
  if (strong) return { corpus: 'strong-flow', ranges: rangesOf(strong) };
  if (!arg?.match(/^\d+-\d+(,\d+-\d+)*$/)) return { corpus: 'main', ranges: [BENCH_SEEDS] };
  return { corpus: 'main', ranges: rangesOf(arg) };
}

function eventTable(results: readonly Result[]): string {
  const head = `| event (simulated) | expected alarm | ${results.map((r) => `${r.minutes} min: found / events`).join(' | ')} |`;
  const rows = EXPECTED.map(({ kind, alarm, label }) => {
    const cells = results.map((r) => {
      const n = r.events.events[kind] ?? 0;
      return alarm
        ? `${r.events.hits[kind] ?? 0} / ${n} (${pct(r.events.hits[kind] ?? 0, n)})`
        : `${alarmsOn(r, kind)} alarms / ${n}`;
    });
    return `| ${label} | ${alarm ?? 'none'} | ${cells.join(' | ')} |`;
  });
  return [head, `|---|---|${results.map(() => '---:|').join('')}`, ...rows].join('\n');
}

function falseTable(results: readonly Result[]): string {
  const types = ['swarm', 'disturbance', 'removed'] as const;
  const rows = types.map((t) => {
    const cells = results.map(
      (r) => `${r.events.falseAlarms[t] ?? 0} (${per(r.events.falseAlarms[t] ?? 0, r.events.hiveSeasons)})`,
    );
    return `| ${t} | ${cells.join(' | ')} |`;
  });
  const act = results.map(
    (r) =>
      `${r.activity.falseAlarms} of ${r.activity.alarms} (${per(r.activity.falseAlarms, r.events.hiveSeasons)})`,
  );
  const head = `| false alarms (per hive-season) | ${results.map((r) => `${r.minutes} min`).join(' | ')} |`;
  return [
    head,
    `|---|${results.map(() => '---:|').join('')}`,
    ...rows,
    `| activity | ${act.join(' | ')} |`,
  ].join('\n');
}

function sizeTable(results: readonly Result[]): string {
  const sizes = ['nucleus', 'standard', 'strong', 'strong-flow'].filter((s) => results[0]?.sizes[s]);
  const head = `| colony | hive-seasons | ${results.map((r) => `${r.minutes} min: swarms found, false swarms per hive-season`).join(' | ')} |`;
  const rows = sizes.map((s) => {
    const cells = results.map((r) => {
      const x = r.sizes[s] ?? { seasons: 0, swarms: 0, found: 0, falseSwarms: 0 };
      return `${x.found} / ${x.swarms} (${pct(x.found, x.swarms)}), ${per(x.falseSwarms, x.seasons || 1)}`;
    });
    return `| ${s} | ${results[0]?.sizes[s]?.seasons ?? 0} | ${cells.join(' | ')} |`;
  });
  return [head, `|---|---:|${results.map(() => '---:|').join('')}`, ...rows].join('\n');
}

/** False alarms by type and the event they fell on (`type@event`, "none": no event around it). */
function falseOnTable(results: readonly Result[]): string {
  const keys = [...new Set(results.flatMap((r) => Object.keys(r.events.falseOn)))].sort();
  const head = `| false alarm @ event it fell on | ${results.map((r) => `${r.minutes} min`).join(' | ')} |`;
  const rows = keys.map((k) => `| ${k} | ${results.map((r) => r.events.falseOn[k] ?? 0).join(' | ')} |`);
  return [head, `|---|${results.map(() => '---:|').join('')}`, ...rows].join('\n');
}

function activityLine(r: Result): string {
  const a = r.activity;
  return `  ${r.minutes} min: strong-flow days found ${a.gainHits} / ${a.gainDays} (${pct(a.gainHits, a.gainDays)}), days wrongly flagged gain ${a.gainFalse} / loss ${a.lossFalse} of ${a.days}; unusual-loss days in the corpus: ${a.lossDays}`;
}

/** Report-by-report replay of May of a few apiaries, hourly reports: stable keys and delays. */
function replayCheck(corpus: Corpus, from: number): string[] {
  const lines: string[] = [];
  for (const minutes of [15, 60]) {
    let whole = 0;
    let extra = 0;
    let missing = 0;
    const delays: Record<string, number[]> = {};
    for (let seed = from; seed < from + 3; seed++) {
      const a = apiaryOf(corpus, seed);
      const start = Date.UTC(a.year, 4, 1);
      const base = { timeZone: TIME_ZONE, alarmWindow: ALARM_WINDOW, settings: DEFAULT_GLOBAL_SETTINGS };
      const r = replay(readings(a, minutes), base, {
        from: start,
        to: start + 21 * 24 * HOUR,
        reportMs: HOUR,
      });
      const keys = new Set(r.whole.map(eventKey));
      const got = new Set(r.union.map(eventKey));
      whole += keys.size;
      extra += [...got].filter((k) => !keys.has(k)).length;
      missing += [...keys].filter((k) => !got.has(k)).length;
      for (const e of r.union)
        (delays[e.type] ??= []).push(((r.seenAt.get(eventKey(e)) ?? e.time) - e.time) / 60_000);
    }
    const d = Object.entries(delays).map(([type, v]) => {
      v.sort((x, y) => x - y);
      return `${type} median ${v[Math.floor(v.length / 2)]} min, max ${v[v.length - 1]} min`;
    });
    lines.push(
      `  ${minutes} min: ${whole} events in one run; report by report: ${extra} extra, ${missing} missing. Delay reading → report that brought the alarm: ${d.join('; ')}`,
    );
  }
  return lines;
}

export async function benchAlarmsQuality(): Promise<void> {
  const { corpus, ranges } = seeds();
  const started = Date.now();
  const results = evaluate(ranges, corpus);
  const seasons = results[0]?.events.hiveSeasons ?? 0;
  const names = ranges.map((r) => `${r.from}–${r.to}`).join(', ');
  console.log(
    `\nWeight alarms: ${corpus === 'main' ? '' : `${corpus} corpus, `}apiaries ${names}, ${seasons} hive-seasons (1 April – 30 September), ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(eventTable(results));
  console.log();
  console.log(falseTable(results));
  console.log();
  console.log(sizeTable(results));
  console.log();
  console.log(falseOnTable(results));
  console.log(
    '\nActivity (days with a true net change ≥ 0.5 kg beyond a trigger level; the rest within 0.5 kg count neither way):',
  );
  for (const r of results) console.log(activityLine(r));
  console.log('\nReplay, 21 days of May of three apiaries, hourly reports:');
  for (const line of replayCheck(corpus, ranges[0]?.from ?? BENCH_SEEDS.from)) console.log(line);
}
