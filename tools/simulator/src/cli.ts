/**
 * npm run simulate -- --controllers N --speed X [--url URL] [--tokens file.json] [--backfill-days D]
 *                     [--admin-email E --admin-password P] [--sampling M] [--seed S] [--start ISO] [--hours H]
 *                     [--firmware-fail F --firmware-fail-mode fallBack|silent]
 */
import { Command, InvalidArgumentError } from 'commander';
import { adminLogin, createController } from './admin';
import { VirtualClock } from './clock';
import { VirtualController, type ReportOutcome } from './controller';
import { failsUpdates, type FirmwareFailure } from './firmware';
import { createDemoFleet } from './fleet';
import { DAY_MS, HOUR_MS } from './model/time';
import { isoTime } from './protocol';
import { readTokensFile, type DeviceWithToken } from './tokens';

const number =
  (min: number, max = Infinity) =>
  (value: string) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new InvalidArgumentError(`expected a number ${min}..${max}`);
    return n;
  };

interface Options {
  controllers?: number;
  speed: number;
  url: string;
  tokens?: string;
  backfillDays: number;
  adminEmail?: string;
  adminPassword?: string;
  sampling: number;
  seed: number;
  start?: string;
  hours?: number;
  missed: boolean;
  firmwareFail: number;
  firmwareFailMode: FirmwareFailure;
}

const program = new Command('simulate')
  .description('Virtual Hivescope controllers reporting through the device protocol')
  .option('--controllers <n>', 'number of controllers (default: 1, or all of --tokens)', number(1, 10_000))
  .option('--speed <x>', 'simulated time runs X times real time', number(0.001), 1)
  .option('--url <url>', 'server base URL', 'http://localhost:3000')
  .option('--tokens <file>', 'JSON array of {token, imsi, imei?, name?, channels?}')
  .option('--backfill-days <d>', 'send D days of history first', number(0, 3660), 0)
  .option('--admin-email <email>', 'create controllers as this admin (default: $ADMIN_EMAIL)')
  .option('--admin-password <plain>', 'admin password (default: $ADMIN_PASSWORD)')
  .option('--sampling <minutes>', 'minutes between readings, 15..60', number(15, 60), 15)
  .option('--seed <s>', 'seed of the demo fleet created with --admin-email', number(0), 1)
  .option('--start <iso>', 'simulated start time (default now)')
  .option('--hours <h>', 'stop after H simulated hours (default: run until Ctrl-C)', number(0))
  .option('--no-missed', 'never skip a report slot (no simulated GSM outages)')
  .option(
    '--firmware-fail <fraction>',
    'share of controllers whose firmware updates fail, 0..1',
    number(0, 1),
    0,
  )
  .option(
    '--firmware-fail-mode <mode>',
    'how they fail: fallBack (old version again) or silent',
    failureMode,
    'fallBack',
  );

function failureMode(value: string): FirmwareFailure {
  if (value !== 'fallBack' && value !== 'silent')
    throw new InvalidArgumentError('expected fallBack or silent');
  return value;
}

function line(o: ReportOutcome): string {
  const head = `${isoTime(o.time)}  ${o.controller.padEnd(24)}`;
  if (o.skipped === 'silent') return `${head} silent (failed firmware update)`;
  if (o.skipped)
    return `${head} skipped (${o.skipped === 'flat' ? 'battery flat' : 'no connection'}), buffered ${o.buffered}`;
  if (!o.ok) return `${head} FAILED ${o.status ?? 'network'} ${o.error ?? ''} — buffered ${o.buffered}`;
  const extra = o.inactive ? ' (subscription inactive)' : '';
  const fw = o.firmware
    ? o.firmware.installed
      ? `; installed firmware ${o.firmware.version} (${o.firmware.requests} download request(s))`
      : `; firmware ${o.firmware.version} NOT installed: ${o.firmware.error ?? ''}`
    : '';
  return `${head} sent ${o.sent} accepted ${o.accepted} duplicates ${o.duplicates} in ${o.requests} request(s)${extra}${fw}`;
}

async function devices(opts: Options): Promise<DeviceWithToken[]> {
  if (opts.tokens) {
    const all = await readTokensFile(opts.tokens);
    // without --controllers every controller of the file runs
    if (opts.controllers === undefined) return all;
    if (all.length < opts.controllers) console.warn(`${opts.tokens} has ${all.length} controller(s) only`);
    return all.slice(0, opts.controllers);
  }
  const email = opts.adminEmail ?? process.env.ADMIN_EMAIL;
  const password = opts.adminPassword ?? process.env.ADMIN_PASSWORD;
  if (!email || !password) {
    throw new Error('give --tokens FILE, or --admin-email and --admin-password to create controllers');
  }
  const cookie = await adminLogin(opts.url, email, password);
  const created: DeviceWithToken[] = [];
  for (const def of createDemoFleet(opts.seed, opts.controllers ?? 1)) {
    const { id, token } = await createController(opts.url, cookie, def);
    console.log(`created controller ${id} "${def.name}" imsi ${def.imsi} imei ${def.imei}`);
    created.push({ def, token });
  }
  console.log(`tokens (save as a --tokens file to reuse):\n${JSON.stringify(created.map(toEntry))}`);
  return created;
}

function toEntry({ def, token }: DeviceWithToken) {
  const channels = def.channels.map(({ channel, kind }) => ({ channel, kind }));
  return { token, imsi: def.imsi, imei: def.imei, name: def.name, location: def.location, channels };
}

async function main(opts: Options): Promise<void> {
  const start = opts.start ? Date.parse(opts.start) : Date.now();
  if (Number.isNaN(start)) throw new Error(`--start: not a date: ${opts.start}`);
  const list = await devices(opts);
  const clock = new VirtualClock(opts.speed, start);
  const controllers = list.map(
    ({ def, token }) =>
      new VirtualController(
        {
          baseUrl: opts.url,
          token,
          def,
          samplingMinutes: opts.sampling,
          missedReports: opts.missed,
          ...(failsUpdates(def.seed, opts.firmwareFail) ? { firmwareFailure: opts.firmwareFailMode } : {}),
        },
        { onReport: (o) => console.log(line(o)) },
      ),
  );
  for (const c of controllers) {
    if (opts.backfillDays > 0) {
      const r = await c.backfill(start - opts.backfillDays * DAY_MS, start);
      console.log(
        `backfill ${c.name}: ${r.sent} readings in ${r.requests} request(s), accepted ${r.accepted}, duplicates ${r.duplicates}`,
      );
    } else {
      c.startAt(start);
    }
  }
  const stop = new AbortController();
  const quit = (): void => stop.abort();
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
  const until = opts.hours === undefined ? Infinity : start + opts.hours * HOUR_MS;
  console.log(`running ${controllers.length} controller(s) at ${opts.speed}× from ${isoTime(start)}`);
  await Promise.all(controllers.map((c) => c.run(clock, stop.signal, until)));
  for (const c of controllers)
    if (c.buffered > 0) console.log(`${c.name}: ${c.buffered} reading(s) left unsent`);
}

program.action(async (opts: Options) => {
  try {
    await main(opts);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
});

await program.parseAsync();
