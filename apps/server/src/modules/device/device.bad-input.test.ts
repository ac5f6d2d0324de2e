import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceReport } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { count, insertController, report, type TestController } from './device.fixtures';

type Case = [name: string, status: number, message: string, mutate: (r: DeviceReport) => unknown];

const at = (r: DeviceReport, i: number) => {
  const reading = r.readings[i];
  if (!reading) throw new Error('no reading');
  return reading;
};
const withValue = (r: DeviceReport, value: unknown) => {
  (at(r, 1).channels[0] as Record<string, unknown>).weight = value;
  return r;
};

const cases: Case[] = [
  [
    'more than 1000 readings',
    400,
    'At most 1000 readings per report',
    (r) => ({
      ...r,
      readings: Array.from({ length: 1001 }, (_, i) => ({
        time: new Date(Date.parse('2024-01-01T00:00:00Z') + i * 60_000).toISOString(),
        channels: [{ channel: 1, weight: 1 }],
      })),
    }),
  ],
  ['no readings', 400, 'The report needs 1 to 1000 readings', (r) => ({ ...r, readings: [] })],
  [
    'a time far in the future',
    400,
    'Time is more than 10 minutes in the future',
    (r) => ((at(r, 2).time = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z')), r),
  ],
  [
    'a time before 2016-01-01',
    400,
    'Time is before 2016-01-01',
    (r) => ((at(r, 0).time = '2015-12-31T23:59:59Z'), r),
  ],
  [
    'a time with an offset instead of UTC',
    400,
    'Time must be ISO 8601 in UTC, e.g. 2026-05-01T09:00:00Z',
    (r) => ((at(r, 0).time = '2025-03-30T02:00:00+02:00'), r),
  ],
  [
    'a time that is not a date',
    400,
    'Time must be ISO 8601 in UTC, e.g. 2026-05-01T09:00:00Z',
    (r) => ((at(r, 0).time = 'yesterday'), r),
  ],
  ['a string as a value', 400, 'Must be a number', (r) => withValue(r, '42.5')],
  ['null as a value', 400, 'Must be a number', (r) => withValue(r, null)],
  ['an out-of-range value', 400, 'Value out of range', (r) => withValue(r, 1e9)],
  [
    'channel 9',
    400,
    'Unknown channel (1 to 8)',
    (r) => ((at(r, 0).channels[0] = { channel: 9, weight: 1 }), r),
  ],
  [
    'channel 0',
    400,
    'Unknown channel (1 to 8)',
    (r) => ((at(r, 0).channels[0] = { channel: 0, weight: 1 }), r),
  ],
  [
    'channel 1.5',
    400,
    'Unknown channel (1 to 8)',
    (r) => ((at(r, 0).channels[0] = { channel: 1.5, weight: 1 }), r),
  ],
  [
    'a channel without a value',
    400,
    'A channel entry needs a weight, temperature or humidity',
    (r) => ((at(r, 0).channels[0] = { channel: 1 }), r),
  ],
  [
    'a channel twice in one reading',
    400,
    'The same channel and time appear twice in this report',
    (r) => (at(r, 0).channels.push({ channel: 1, weight: 3 }), r),
  ],
  [
    'the same channel and time in two readings',
    400,
    'The same channel and time appear twice in this report',
    (r) => ((at(r, 3).time = at(r, 0).time), r),
  ],
  ['an IMSI of 14 digits', 400, 'Must be 15 digits', (r) => ({ ...r, imsi: r.imsi.slice(1) })],
  ['an IMEI with letters', 400, 'Must be 15 digits', (r) => ({ ...r, imei: '35693803564380X' })],
  ['a missing status', 400, 'The report is not valid', (r) => ({ ...r, status: undefined })],
  [
    'a signal as a string',
    400,
    'Must be a number',
    (r) => ({ ...r, status: { ...r.status, signal: '-77' } }),
  ],
  ['an unknown field', 400, 'The report is not valid', (r) => ({ ...r, extra: 1 })],
  ['an array instead of an object', 400, 'The report is not valid', (r) => [r]],
  ['an empty firmware', 400, 'Firmware version must be a short text', (r) => ({ ...r, firmware: '' })],
];

describe('POST /api/device/v1/report — bad input changes nothing', () => {
  let t: TestApp;
  let c: TestController;
  beforeAll(async () => {
    t = await createTestApp();
    c = await insertController(t.db);
  });
  afterAll(() => t.close());

  const send = (headers: Record<string, string>, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/v1/report',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      payload,
    });
  const auth = () => ({ authorization: `Bearer ${c.token}` });

  async function expectNothingStored() {
    expect(await count(t.db, 'readings', c.id)).toBe(0);
    expect(await count(t.db, 'readings_hourly', c.id)).toBe(0);
    expect(await count(t.db, 'readings_daily', c.id)).toBe(0);
    expect(await count(t.db, 'controller_status', c.id)).toBe(0);
    const row = await t.db.execute<{ last_update: unknown; software_version: unknown }>(
      sql`SELECT last_update, software_version FROM controllers WHERE id = ${c.id}`,
    );
    expect(row.rows[0]).toEqual({ last_update: null, software_version: null });
  }

  it.each(cases)('%s → %i', async (_name, status, message, mutate) => {
    const res = await send(auth(), JSON.stringify(mutate(report(c, { count: 5 }))));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    await expectNothingStored();
  });

  it('localises the message (Accept-Language)', async () => {
    const body = report(c);
    at(body, 0).channels[0] = { channel: 9, weight: 1 };
    const res = await send({ ...auth(), 'accept-language': 'de' }, JSON.stringify(body));
    expect(res.json().message).toBe('Unbekannter Kanal (1 bis 8)');
    expect(res.json().fields).toEqual({ 'readings.0.channels.0.channel': 'Unbekannter Kanal (1 bis 8)' });
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer not-a-token' }],
    ['a Basic header', { authorization: 'Basic dXNlcjpwdw==' }],
  ])('%s → 401', async (_name, headers: Record<string, string>) => {
    const res = await send(headers, JSON.stringify(report(c)));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unknown or missing device token' });
    await expectNothingStored();
  });

  it('the token of another controller with this IMSI → 409', async () => {
    const other = await insertController(t.db);
    const res = await send({ authorization: `Bearer ${other.token}` }, JSON.stringify(report(c)));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The IMSI does not belong to this device token' });
    await expectNothingStored();
    expect(await count(t.db, 'readings', other.id)).toBe(0);
  });

  it.each([
    ['malformed JSON', '{"imsi": "2280', 400, 'The request could not be read'],
    [
      'NaN literal',
      JSON.stringify({ imsi: 'x' }).replace('"x"', 'NaN'),
      400,
      'The request could not be read',
    ],
    ['an empty body', '', 400, 'The request could not be read'],
    ['Infinity through 1e400', '__INF__', 400, 'Must be a number'],
  ])('%s', async (_name, raw, status, message) => {
    const payload =
      raw === '__INF__' ? JSON.stringify(report(c)).replace(/"weight":[0-9.]+/, '"weight":1e400') : raw;
    const res = await send(auth(), payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    await expectNothingStored();
  });

  it('a body over 2 MiB → 413', async () => {
    const body = report(c, { count: 10 });
    const big = JSON.stringify({ ...body, firmware: 'x'.repeat(2 * 1024 * 1024 + 10) });
    const res = await send(auth(), big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large' });
    await expectNothingStored();
  });

  it('a text/plain body → 400', async () => {
    const res = await send({ ...auth(), 'content-type': 'text/plain' }, 'hello');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The report is not valid');
    await expectNothingStored();
  });

  it('a body of another media type → 415', async () => {
    const res = await send({ ...auth(), 'content-type': 'application/xml' }, '<report/>');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'The request could not be read' });
    await expectNothingStored();
  });
});
