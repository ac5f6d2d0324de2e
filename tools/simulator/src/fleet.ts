/** Controller definitions: which hive or sensor sits on which channel, where, with which identity. */
import { CHANNELS_PER_CONTROLLER, IMEI_LENGTH, IMSI_LENGTH } from '@hivescope/contract';
import { hash32, intBetween, pick, rngFor, uniform, type Rng } from './model/random';
import type { HiveParams } from './model/traits';

export type ChannelKind = 'scale' | 'sensor';

export interface ChannelSpec {
  /** 1..8. */
  channel: number;
  /** scale = load cells under a hive (weight); sensor = temperature/humidity inside a hive. */
  kind: ChannelKind;
  /** The hive the channel weighs or measures in; a sensor shares its hive with a scale channel. */
  hive: HiveParams;
}

export interface Location {
  lat: number;
  lng: number;
}

export interface ControllerDef {
  name: string;
  /** Seed of every random draw of this controller and its hives. */
  seed: number;
  location: Location;
  /** 15 digits. */
  imsi: string;
  /** 15 digits. */
  imei: string;
  firmware: string;
  /** Hours between reports, 1..6. */
  updateInterval: number;
  channels: ChannelSpec[];
}

export const DEFAULT_FIRMWARE = '1.4.2';

/** Towns of the Swiss plateau the demo apiaries sit near. */
export const SWISS_TOWNS: readonly (Location & { name: string })[] = [
  { name: 'Bern', lat: 46.948, lng: 7.447 },
  { name: 'Zürich', lat: 47.377, lng: 8.54 },
  { name: 'Luzern', lat: 47.05, lng: 8.309 },
  { name: 'Aarau', lat: 47.392, lng: 8.044 },
  { name: 'Solothurn', lat: 47.208, lng: 7.537 },
  { name: 'Winterthur', lat: 47.5, lng: 8.724 },
  { name: 'St. Gallen', lat: 47.424, lng: 9.376 },
  { name: 'Fribourg', lat: 46.806, lng: 7.162 },
  { name: 'Thun', lat: 46.758, lng: 7.628 },
  { name: 'Langenthal', lat: 47.215, lng: 7.796 },
  { name: 'Frauenfeld', lat: 47.557, lng: 8.899 },
  { name: 'Zug', lat: 47.166, lng: 8.516 },
  { name: 'Baden', lat: 47.473, lng: 8.307 },
  { name: 'Burgdorf', lat: 47.059, lng: 7.627 },
  { name: 'Biel/Bienne', lat: 47.137, lng: 7.247 },
];

function digits(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(Math.floor(rng() * 10));
  return out;
}

/** Luhn check digit, as on real IMEIs. */
export function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A Swiss IMSI (MCC 228, MNC 01) and a valid IMEI, both 15 digits, drawn from `rng`. */
export function drawIdentity(rng: Rng): { imsi: string; imei: string } {
  const imsi = `22801${digits(rng, IMSI_LENGTH - 5)}`;
  const body = `35693803${digits(rng, IMEI_LENGTH - 9)}`;
  return { imsi, imei: body + luhnDigit(body) };
}

/** Scales on channels 1..scales, a temperature/humidity sensor on the next channel in hive 1. */
export function defaultChannels(imsi: string, lng: number, scales = 4): ChannelSpec[] {
  const weatherSeed = hash32(imsi, 'weather');
  const hive = (channel: number): HiveParams => ({ id: `${imsi}/${channel}`, lng, weatherSeed });
  const channels: ChannelSpec[] = [];
  for (let c = 1; c <= scales; c++) channels.push({ channel: c, kind: 'scale', hive: hive(c) });
  if (scales < CHANNELS_PER_CONTROLLER) channels.push({ channel: scales + 1, kind: 'sensor', hive: hive(1) });
  return channels;
}

/** `count` demo controllers near Swiss towns: the first has 4 scales and reports hourly. */
export function createDemoFleet(seed: number, count: number): ControllerDef[] {
  const fleet: ControllerDef[] = [];
  for (let i = 0; i < count; i++) {
    const rng = rngFor(seed, 'fleet', i);
    const town = SWISS_TOWNS[(i + Math.abs(seed)) % SWISS_TOWNS.length] ?? SWISS_TOWNS[0];
    if (!town) throw new Error('no towns');
    const round = Math.floor(i / SWISS_TOWNS.length);
    const location = {
      lat: Number((town.lat + uniform(rng, -0.02, 0.02)).toFixed(5)),
      lng: Number((town.lng + uniform(rng, -0.03, 0.03)).toFixed(5)),
    };
    const { imsi, imei } = drawIdentity(rng);
    fleet.push({
      name: `Bienenstand ${town.name}${round > 0 ? ` ${round + 1}` : ''}`,
      seed: hash32(seed, 'controller', i),
      location,
      imsi,
      imei,
      firmware: DEFAULT_FIRMWARE,
      updateInterval: i === 0 ? 1 : pick(rng, [1, 1, 2, 3]),
      channels: defaultChannels(imsi, location.lng, i === 0 ? 4 : intBetween(rng, 2, 4)),
    });
  }
  return fleet;
}

export interface DeviceIdentity {
  imsi: string;
  imei: string;
  name?: string;
  location?: Location;
  updateInterval?: number;
  /** Channel layout; hives are derived from the IMSI. Default: scales 1–4, sensor 5. */
  channels?: { channel: number; kind: ChannelKind }[];
}

/** A definition for a controller that exists on the server (e.g. from a tokens file). */
export function controllerDefFor(device: DeviceIdentity, index: number): ControllerDef {
  const town = SWISS_TOWNS[index % SWISS_TOWNS.length] ?? { name: 'Bern', lat: 46.948, lng: 7.447 };
  const location = device.location ?? { lat: town.lat, lng: town.lng };
  const weatherSeed = hash32(device.imsi, 'weather');
  const channels = device.channels
    ? device.channels.map(({ channel, kind }) => {
        const hiveChannel =
          kind === 'sensor' ? (device.channels?.find((c) => c.kind === 'scale')?.channel ?? 1) : channel;
        return {
          channel,
          kind,
          hive: { id: `${device.imsi}/${hiveChannel}`, lng: location.lng, weatherSeed },
        };
      })
    : defaultChannels(device.imsi, location.lng);
  return {
    name: device.name ?? `Simulator ${device.imsi.slice(-4)}`,
    seed: hash32(device.imsi),
    location,
    imsi: device.imsi,
    imei: device.imei,
    firmware: DEFAULT_FIRMWARE,
    updateInterval: device.updateInterval ?? 1,
    channels,
  };
}
