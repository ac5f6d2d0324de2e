/** Turns a controller definition into protocol readings and status, from the model. */
import type { DeviceChannelValue, DeviceReading, DeviceStatus } from '@hivescope/contract';
import type { ControllerDef } from './fleet';
import { DeviceModel } from './model/device';
import type { HiveEvent, HiveEventKind } from './model/events';
import { HiveModel } from './model/hive';
import { hash32 } from './model/random';
import { MINUTE_MS } from './model/time';
import { isoTime, round } from './protocol';

export type ChannelEvent = HiveEvent & { channel: number };

export class ControllerModel {
  readonly device: DeviceModel;
  private readonly hives = new Map<string, HiveModel>();

  constructor(readonly def: ControllerDef) {
    const weatherSeed = def.channels[0]?.hive.weatherSeed ?? hash32(def.imsi, 'weather');
    this.device = new DeviceModel(def.seed, { weatherSeed, lng: def.location.lng });
    for (const { hive } of def.channels) {
      if (!this.hives.has(hive.id)) this.hives.set(hive.id, new HiveModel(def.seed, hive));
    }
  }

  hive(channel: number): HiveModel {
    const spec = this.def.channels.find((c) => c.channel === channel);
    const model = spec && this.hives.get(spec.hive.id);
    if (!model) throw new Error(`channel ${channel} carries no hive`);
    return model;
  }

  /** The reading sampled at `t`, or null while the battery is flat. */
  reading(t: number): DeviceReading | null {
    if (this.device.isFlat(t)) return null;
    const channels: DeviceChannelValue[] = this.def.channels.map(({ channel, kind }) => {
      const hive = this.hive(channel);
      if (kind === 'scale') return { channel, weight: round(hive.weight(t), 2) };
      const { temperature, humidity } = hive.climate(t);
      return { channel, temperature: round(temperature, 1), humidity: round(humidity, 1) };
    });
    return { time: isoTime(t), channels };
  }

  status(t: number): DeviceStatus {
    const s = this.device.status(t);
    return { temperature: round(s.temperature, 1), voltage: round(s.voltage, 2), signal: s.signal };
  }

  /** Events of the scale channels starting in [from, to) (swarm, harvest, intervention, …). */
  events(from: number, to: number, kinds?: readonly HiveEventKind[]): ChannelEvent[] {
    return this.def.channels
      .filter((c) => c.kind === 'scale')
      .flatMap((c) =>
        this.hive(c.channel)
          .events(from, to, kinds)
          .map((e) => ({ ...e, channel: c.channel })),
      )
      .sort((a, b) => a.start - b.start);
  }
}

const models = new WeakMap<ControllerDef, ControllerModel>();

/** The (cached) model of a definition. */
export function modelOf(def: ControllerDef): ControllerModel {
  let model = models.get(def);
  if (!model) {
    model = new ControllerModel(def);
    models.set(def, model);
  }
  return model;
}

const toMs = (t: Date | number): number => (typeof t === 'number' ? t : t.getTime());

/** Sampling times in [from, to): whole multiples of `samplingMinutes` since the epoch. */
export function* samplingTimes(
  from: Date | number,
  to: Date | number,
  samplingMinutes: number,
): Generator<number> {
  const step = samplingMinutes * MINUTE_MS;
  for (let t = Math.ceil(toMs(from) / step) * step; t < toMs(to); t += step) yield t;
}

/** Readings in [from, to), lazily; times when the battery was flat are missing. */
export function* iterateReadings(
  def: ControllerDef,
  from: Date | number,
  to: Date | number,
  samplingMinutes = 15,
): Generator<DeviceReading> {
  const model = modelOf(def);
  for (const t of samplingTimes(from, to, samplingMinutes)) {
    const reading = model.reading(t);
    if (reading) yield reading;
  }
}

/** All protocol readings of `def` in [from, to) every `samplingMinutes` (what backfill sends). */
export function generateReadings(
  def: ControllerDef,
  from: Date | number,
  to: Date | number,
  samplingMinutes = 15,
): DeviceReading[] {
  return [...iterateReadings(def, from, to, samplingMinutes)];
}
