import { afterEach, describe, expect, it } from 'vitest';
import { VirtualController, type VirtualControllerConfig } from './controller';
import { createDemoFleet, type ControllerDef } from './fleet';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './model/time';
import { DEVICE_MAX_READINGS, DEVICE_REPORT_PATH, deviceReportSchema } from '@hivescope/contract';
import { isoTime } from './protocol';
import { generateReadings, modelOf, samplingTimes } from './readings';
import { postReport } from './transport';
import { accepting, startDeviceServer, type DeviceServer, type Responder } from './testing/device-server';

const def = createDemoFleet(7, 1)[0] as ControllerDef;
const T0 = Date.UTC(2025, 5, 2, 10); // a Monday in June, battery charged
/** Just after the 10:0x report slot: the first report (11:0x) carries 10:15 … 11:00. */
const S = T0 + 10 * MINUTE_MS;
const servers: DeviceServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(respond: Responder, extra: Partial<VirtualControllerConfig> = {}) {
  const server = await startDeviceServer(respond);
  servers.push(server);
  const controller = new VirtualController({
    baseUrl: server.url,
    token: 'device-token',
    def,
    samplingMinutes: 15,
    missedReports: false,
    ...extra,
  });
  return { server, controller };
}

const times = (from: number, to: number): string[] => [...samplingTimes(from, to, 15)].map(isoTime);
const sentTimes = (server: DeviceServer): string[] =>
  server.requests.flatMap((r) => r.body.readings.map((x) => x.time));

describe('VirtualController', () => {
  it('keeps the readings after a failed report and sends both periods with the next one', async () => {
    expect(modelOf(def).device.isFlat(T0) || modelOf(def).device.isFlat(T0 + 3 * HOUR_MS)).toBe(false);
    const { server, controller } = await setup((body, i) =>
      i === 0 ? { status: 503, json: { message: 'maintenance' } } : accepting(1)(body, i),
    );
    controller.startAt(S);
    const [failed] = await controller.tick(S + HOUR_MS);
    expect(failed).toMatchObject({ ok: false, status: 503, buffered: 4 });
    const [second] = await controller.tick(S + 2 * HOUR_MS);
    expect(second).toMatchObject({ ok: true, sent: 8, accepted: 8, duplicates: 0, buffered: 0 });

    expect(server.requests).toHaveLength(2);
    const [r1, r2] = server.requests;
    expect(r1?.body.readings.map((r) => r.time)).toEqual(times(S, T0 + HOUR_MS + MINUTE_MS));
    expect(r2?.body.readings.map((r) => r.time)).toEqual(times(S, T0 + 2 * HOUR_MS + MINUTE_MS));
    expect(r2?.body.readings).toHaveLength(8);
    expect(r2?.path).toBe(DEVICE_REPORT_PATH);
    expect(r2?.authorization).toBe('Bearer device-token');
    expect(r2?.body).toMatchObject({ imsi: def.imsi, imei: def.imei, firmware: def.firmware });
    expect(r2?.body.status.voltage).toBeGreaterThanOrEqual(3.5);
    expect(r2?.body.readings[0]?.channels.map((c) => c.channel)).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends a backlog of more than 1000 readings in requests of at most 1000, oldest first', async () => {
    let down = true;
    const { server, controller } = await setup((body, i) =>
      down ? { status: 502, json: { message: 'bad gateway' } } : accepting(1)(body, i),
    );
    controller.startAt(S);
    const end = S + 12 * DAY_MS;
    await controller.tick(end);
    expect(controller.buffered).toBe(12 * 96);
    const failedRequests = server.requests.length;
    expect(failedRequests).toBe(12 * 24);
    down = false;
    const [outcome] = await controller.tick(end + HOUR_MS);
    const sent = server.requests.slice(failedRequests);
    const expected = times(S, end + HOUR_MS - 5 * MINUTE_MS);
    expect(expected.length).toBe(12 * 96 + 4);
    expect(sent.map((r) => r.body.readings.length)).toEqual([1000, expected.length - 1000]);
    for (const r of server.requests) expect(r.body.readings.length).toBeLessThanOrEqual(DEVICE_MAX_READINGS);
    expect(sent.flatMap((r) => r.body.readings.map((x) => x.time))).toEqual(expected);
    expect(outcome).toMatchObject({ ok: true, requests: 2, sent: expected.length, buffered: 0 });
  });

  it('obeys the update interval the server answers', async () => {
    const { controller } = await setup(accepting(3));
    controller.startAt(T0);
    const outcomes = await controller.tick(T0 + 12 * HOUR_MS);
    expect(controller.updateIntervalHours).toBe(3);
    const gaps = outcomes.slice(1).map((o, i) => o.time - (outcomes[i]?.time ?? 0));
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    expect(gaps.slice(1).every((g) => g === 3 * HOUR_MS)).toBe(true);
    expect(outcomes.reduce((s, o) => s + o.sent, 0) + controller.buffered).toBe(12 * 4 + 1);
  });

  it('backfills history in batches of at most 1000 and continues live without gap or overlap', async () => {
    const { server, controller } = await setup(accepting(1));
    const from = T0 - 30 * DAY_MS;
    const result = await controller.backfill(from, T0);
    const expected = generateReadings(def, from, T0, 15);
    expect(expected.length).toBe(30 * 96);
    expect(result).toMatchObject({ sent: expected.length, accepted: expected.length, requests: 3 });
    for (const r of server.requests) expect(r.body.readings.length).toBeLessThanOrEqual(DEVICE_MAX_READINGS);
    expect(server.requests.flatMap((r) => r.body.readings)).toEqual(expected);

    await controller.tick(T0 + HOUR_MS + 10 * MINUTE_MS);
    const live = server.requests.slice(3).flatMap((r) => r.body.readings);
    expect(live).toEqual(generateReadings(def, T0, T0 + HOUR_MS + MINUTE_MS, 15));
  });

  it('stops measuring and reporting while the battery is flat, then sends its backlog', async () => {
    const device = modelOf(def).device;
    let cycle = device.cycle(Date.UTC(2023, 0, 1));
    while (cycle.flatAt === null) cycle = device.cycle(cycle.end);
    const flatAt = cycle.flatAt;
    const { server, controller } = await setup(accepting(6), { updateIntervalHours: 6 });
    controller.startAt(flatAt - 50 * MINUTE_MS);
    const outcomes = await controller.tick(cycle.end + 7 * HOUR_MS);
    const during = outcomes.filter((o) => o.time >= flatAt && o.time < cycle.end);
    expect(during.length).toBeGreaterThan(4);
    expect(during.every((o) => o.skipped === 'flat' && o.requests === 0)).toBe(true);
    const sent = sentTimes(server).map((t) => Date.parse(t));
    expect(sent.some((t) => t >= flatAt && t < cycle.end)).toBe(false);
    // the readings taken just before it went flat arrive after the recharge
    const firstAfter = server.requests.find((r) =>
      r.body.readings.some((x) => Date.parse(x.time) >= cycle.end),
    );
    expect(Date.parse(firstAfter?.body.readings[0]?.time ?? '')).toBeLessThan(flatAt);
  });

  it('keeps the buffer when the server refuses the token', async () => {
    const { controller } = await setup(() => ({ status: 401, json: { message: 'wrong token' } }));
    controller.startAt(S);
    const [outcome] = await controller.tick(S + HOUR_MS);
    expect(outcome).toMatchObject({ ok: false, status: 401, error: 'wrong token', buffered: 4 });
    expect(controller.buffered).toBe(4);
  });
});

describe('the test device server speaks the contract', () => {
  it('refuses, like the real server, a report that breaks the contract schema (drift cannot pass unseen)', async () => {
    const server = await startDeviceServer(accepting(1));
    servers.push(server);
    const reading = modelOf(def).reading(T0);
    if (!reading) throw new Error('the battery is charged at T0');
    const valid = {
      imsi: def.imsi,
      imei: def.imei,
      firmware: def.firmware,
      status: modelOf(def).status(T0),
      readings: [reading],
    };
    expect(deviceReportSchema.safeParse(valid).success).toBe(true);
    const ok = await postReport(fetch, server.url, 'token', valid);
    expect(ok).toMatchObject({ ok: true, response: { accepted: 1, config: { scaleGain: 200 } } });
    const unknownChannel = {
      ...valid,
      readings: [{ time: isoTime(T0), channels: [{ channel: 9, weight: 1 }] }],
    };
    const refused = await postReport(fetch, server.url, 'token', unknownChannel);
    expect(refused).toMatchObject({ ok: false, retry: false, status: 400, error: 'device:unknownChannel' });
    expect(server.requests.map((r) => r.body.readings[0]?.channels[0]?.channel)).toEqual([1, 9]);
  });
});
