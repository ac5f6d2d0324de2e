import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { ConfigError } from '../../config';
import type { Db } from '../../db/client';
import { createDeviceService, type DeviceService } from '../device/device.service';
import {
  DEMO_CONTROLLERS,
  DEMO_EMAIL,
  DEMO_HISTORY_DAYS,
  DEMO_HISTORY_SAMPLING_MINUTES,
  DEMO_PASSWORD,
} from './demo.constants';
import { feedHistory, type HistoryResult } from './demo.history';
import { startLiveDemo } from './demo.live';
import { fillDemoWeather, startDemoWeather } from './demo.weather';
import { countNonAdminUsers, ownedControllers, userIdByEmail } from './demo.repository';
import {
  demoFleet,
  ensureDemoChannelConfig,
  renewToken,
  seedDemoAccount,
  type DemoDevice,
} from './demo.seed';

const DAY_MS = 86_400_000;

/** DEMO_SPEED (default 1): how many times faster than real time the live demo controllers sample and report. */
export function demoSpeed(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = z.coerce
    .number()
    .min(1)
    .max(3600)
    .default(1)
    .safeParse(env.DEMO_SPEED || undefined);
  if (!parsed.success)
    throw new ConfigError('Invalid configuration:\n  DEMO_SPEED: must be a number from 1 to 3600');
  return parsed.data;
}

type Ctx = { config: Config; db: Db; log: FastifyBaseLogger };

async function feedAll<D extends DemoDevice>(
  device: DeviceService,
  devices: D[],
  from: (d: D) => number,
  to: number,
) {
  const results = await Promise.all(
    devices.map(async (d) => {
      const controller = await device.authenticate(d.token);
      return feedHistory(device, controller, d.def, from(d), to, DEMO_HISTORY_SAMPLING_MINUTES);
    }),
  );
  return results.reduce<HistoryResult>(
    (s, r) => ({
      reports: s.reports + r.reports,
      readings: s.readings + r.readings,
      accepted: s.accepted + r.accepted,
      duplicates: s.duplicates + r.duplicates,
    }),
    { reports: 0, readings: 0, accepted: 0, duplicates: 0 },
  );
}

/** The demo controllers of an earlier start, with fresh tokens, after filling the gap since their last reading. */
async function resumeDemo(ctx: Ctx, device: DeviceService, ownerId: number, now: number) {
  const fleet = new Map(demoFleet().map((def) => [def.imsi, def]));
  const devices: (DemoDevice & { latest: number })[] = [];
  for (const c of await ownedControllers(ctx.db, ownerId)) {
    const def = fleet.get(c.imsi);
    if (!def) continue;
    await ensureDemoChannelConfig(ctx, c.id, def);
    const latest = c.latest?.getTime() ?? now - DEMO_HISTORY_DAYS * DAY_MS;
    devices.push({ id: c.id, def, token: await renewToken(ctx, c.id), latest });
  }
  const gap = await feedAll(device, devices, (d) => d.latest + 1, now);
  return { devices, gap };
}

/**
 * Demo (docs/demo.md): on a database without users other than admins, seeds the demo beekeeper with
 * DEMO_CONTROLLERS simulated controllers and DEMO_HISTORY_DAYS of history fed through the ingest service;
 * on later starts resumes them (fills the gap since the last reading). Then, once the server listens,
 * keeps them reporting live over HTTP. `listenUrl` is where the device route can be reached.
 */
export async function startDemo(
  ctx: Ctx,
  listenUrl: string | null,
  opts: { speed?: number; clock?: () => number } = {},
): Promise<DemoStart> {
  if (!ctx.config.demo) return { banner: [], stop: async () => {} };
  const speed = opts.speed ?? demoSpeed();
  try {
    return await runDemo(ctx, listenUrl, speed, opts.clock);
  } catch (err) {
    // the product must start even when the demo cannot be set up (e.g. an admin took a demo IMSI)
    ctx.log.error({ err }, 'demo setup failed');
    return {
      banner: [`  Demo: setup failed (${err instanceof Error ? err.message : String(err)})`],
      stop: async () => {},
    };
  }
}

type DemoStart = { banner: string[]; stop: () => Promise<void> };

async function runDemo(
  ctx: Ctx,
  listenUrl: string | null,
  speed: number,
  clock?: () => number,
): Promise<DemoStart> {
  const none = { banner: [], stop: async () => {} };
  const device = createDeviceService({ db: ctx.db, publicUrl: ctx.config.publicUrl });
  const now = Date.now();
  const started = performance.now();
  const banner: string[] = [];
  let devices: DemoDevice[];
  if ((await countNonAdminUsers(ctx.db)) === 0) {
    const since = now - DEMO_HISTORY_DAYS * DAY_MS;
    devices = await seedDemoAccount({ config: ctx.config, db: ctx.db }, new Date(since));
    const history = await feedAll(device, devices, () => since, now);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    banner.push(
      `  Demo: seeded ${devices.length} simulated controllers with ${DEMO_HISTORY_DAYS} days of history ` +
        `(${history.accepted} channel values in ${history.reports} reports) in ${seconds} s`,
    );
  } else {
    const ownerId = await userIdByEmail(ctx.db, DEMO_EMAIL);
    if (ownerId === null) return none;
    const resumed = await resumeDemo(ctx, device, ownerId, now);
    devices = resumed.devices;
    banner.push(
      `  Demo: ${devices.length} of ${DEMO_CONTROLLERS} demo controllers resumed (${resumed.gap.accepted} channel values filled in)`,
    );
  }
  // simulated weather for the history (and the gap since the last start): the demo needs no network
  const weatherSince = now - DEMO_HISTORY_DAYS * DAY_MS;
  const defs = devices.map((d) => d.def);
  try {
    const hours = await fillDemoWeather(ctx.db, defs, weatherSince, now);
    banner.push(`  Demo: ${hours} hours of simulated weather stored`);
  } catch (err) {
    // the demo still runs without weather; the chart then says "No weather data"
    ctx.log.warn({ err }, 'demo weather failed');
    banner.push('  Demo: simulated weather could not be stored (see the log)');
  }
  banner.push(`  Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  if (!listenUrl) {
    banner.push('  Demo: live reporting is off (PORT=0: the device URL is unknown before listening)');
    return { banner, stop: async () => {} };
  }
  const stopLive = startLiveDemo({ baseUrl: listenUrl, devices, speed, log: ctx.log, clock });
  const stopWeather = startDemoWeather({ db: ctx.db, defs, since: weatherSince, log: ctx.log, clock });
  const stop = async () => {
    stopWeather();
    await stopLive();
  };
  banner.push(
    `  Demo: controllers report live to ${listenUrl}/api/device/v1/report${speed > 1 ? ` at ${speed}× speed` : ''}`,
  );
  return { banner, stop };
}

/** Where the running server can be reached from this process (the demo controllers post there). */
export function localUrl(config: Config): string | null {
  if (config.port === 0) return null;
  const host =
    config.host === '0.0.0.0' || config.host === '::' || config.host === '' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
