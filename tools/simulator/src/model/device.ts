/**
 * The controller itself: battery (charge cycles, occasionally run flat until the beekeeper
 * recharges it), chip temperature, GSM signal and missed report slots. Pure function of (seed, time).
 */
import { ambientTemperature, type Site } from './climate';
import { chance, gaussian, rngFor, uniform, unit } from './random';
import { DAY_MS, HOUR_MS, clamp, smoothstep, solarHour } from './time';

export interface DeviceStatus {
  /** Chip temperature (°C): ambient plus enclosure warming in the sun. */
  temperature: number;
  /** Battery voltage (V), 3.5–4.2 while running. */
  voltage: number;
  /** GSM signal (dBm), −60 (good) … −100 (poor). */
  signal: number;
}

export interface BatteryCycle {
  /** UTC ms when the battery was (re)charged full. */
  start: number;
  /** Days from full to flat at the normal drain. */
  lifeDays: number;
  /** UTC ms when it went flat, or null when recharged in time. */
  flatAt: number | null;
  /** UTC ms of the next recharge (end of this cycle). */
  end: number;
}

/** Battery chain starts at the epoch of the weight model (1 October 2015). */
const BATTERY_EPOCH = Date.UTC(2015, 9, 1);

/** Chance that a report slot is missed (no GSM connection); readings stay buffered. */
export const MISSED_REPORT_CHANCE = 0.03;

export class DeviceModel {
  private readonly cycles: BatteryCycle[] = [];
  private readonly baseSignal: number;

  constructor(
    readonly seed: number,
    readonly site: Site,
  ) {
    this.baseSignal = uniform(rngFor(seed, 'signal'), -92, -66);
  }

  /** The battery cycle containing `t` (cycles are chained from the epoch and cached). */
  cycle(t: number): BatteryCycle {
    const target = Math.max(t, BATTERY_EPOCH);
    for (let i = 0; ; i++) {
      let cycle = this.cycles[i];
      if (!cycle) {
        cycle = this.drawCycle(i, this.cycles[i - 1]?.end ?? BATTERY_EPOCH);
        this.cycles.push(cycle);
      }
      if (target < cycle.end) return cycle;
    }
  }

  private drawCycle(index: number, start: number): BatteryCycle {
    const rng = rngFor(this.seed, 'battery', index);
    const lifeDays = uniform(rng, 90, 240);
    if (chance(rng, 0.6)) {
      // recharged in time, at 70–95 % of its life
      return { start, lifeDays, flatAt: null, end: start + lifeDays * uniform(rng, 0.7, 0.95) * DAY_MS };
    }
    const flatAt = start + lifeDays * DAY_MS;
    return { start, lifeDays, flatAt, end: flatAt + uniform(rng, 2, 10) * DAY_MS };
  }

  /** True while the battery is flat: the controller neither measures nor reports. */
  isFlat(t: number): boolean {
    const { flatAt } = this.cycle(t);
    return flatAt !== null && t >= flatAt;
  }

  /** Battery voltage: 4.2 V full, plateau ≈ 3.95–3.72 V, falling to 3.5 V when flat; cold lowers it. */
  voltage(t: number): number {
    const cycle = this.cycle(t);
    const used = clamp((t - cycle.start) / (cycle.lifeDays * DAY_MS), 0, 1);
    let v: number;
    if (used < 0.1) v = 4.2 - 2.5 * used;
    else if (used < 0.8) v = 3.95 - ((used - 0.1) / 0.7) * 0.23;
    else v = 3.72 - ((used - 0.8) / 0.2) * 0.22;
    const cold = Math.max(0, 5 - ambientTemperature(this.site, t)) * 0.004;
    return clamp(v - cold, 3.5, 4.2);
  }

  status(t: number): DeviceStatus {
    const ambient = ambientTemperature(this.site, t);
    const sun =
      smoothstep(solarHour(t, this.site.lng), 8, 12) - smoothstep(solarHour(t, this.site.lng), 14, 19);
    const day = Math.floor(t / DAY_MS);
    const slow = 4 * Math.sin((2 * Math.PI * day) / 23 + unit(this.seed, 'phase') * 6);
    const jitter = 2.5 * gaussian(rngFor(this.seed, 'signal', Math.floor(t / HOUR_MS)));
    return {
      temperature: ambient + 1.5 + 4 * sun,
      voltage: this.voltage(t),
      signal: Math.round(clamp(this.baseSignal + slow + jitter, -100, -60)),
    };
  }

  /** Whether the report due at slot time `t` fails to get through (deterministic per slot). */
  reportMissed(t: number): boolean {
    return unit(this.seed, 'missed', Math.floor(t / HOUR_MS)) < MISSED_REPORT_CHANCE;
  }
}
