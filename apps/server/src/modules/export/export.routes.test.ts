import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportRequest } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { seedController, seedReadings, seedScale, seedWatch } from '../controllers/controllers.fixtures';
import { storeSimulatedWeather } from '../weather/weather.series';

/**
 * POST export per role and for bad input, and the files it streams (docs/export.md): CSV with formula
 * escaping, XLSX read back with exceljs, local time vs UTC. On an app without a job queue, so a large
 * export answers 503 (the job path is export.job.test.ts).
 */
let t: TestApp;
let cast: Awaited<ReturnType<typeof createCast>>;
let hive: number;
let second: number;
let foreign: number;
const BERN = { lat: 46.95, lng: 7.45 };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-export-'));

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  cast = await createCast(t.db);
  const c = await seedController(t.db, {
    ownerId: cast.owner.id,
    affiliationId: cast.aff,
    name: 'Stand Nord',
    timeZone: 'Europe/Zurich',
    location: BERN,
  });
  hive = await seedScale(t.db, c.id, 1, { name: '=HYPERLINK("http://x")', emptyWeight: 20, reserves: 5 });
  second = await seedScale(t.db, c.id, 2, { name: 'Volk Süd' });
  await seedWatch(t.db, cast.watcher.id, c.id);
  await seedReadings(t.db, c.id, 1, [
    { time: '2024-05-31T22:30:00Z', weight: 40, temperature: 20.123 }, // 00:30 local on 1 June
    { time: '2024-06-01T10:00:00Z', weight: 43.5, temperature: 21 },
    { time: '2024-06-01T10:15:00Z', weight: 24, temperature: 21.5 }, // net −1 kg
  ]);
  await seedReadings(t.db, c.id, 2, [{ time: '2024-06-01T10:00:00Z', weight: 30 }]);
  const hour = { humidity: 60, windSpeed: 5, windBearing: 180, precipitation: 0.4, apparentTemperature: 17 };
  const more = { dewPoint: 10, visibility: 20000, cloudCover: 50, pressure: 1015 };
  await storeSimulatedWeather(t.db, BERN, [
    { time: new Date('2024-06-01T10:00:00Z'), temperature: 18.25, ...hour, ...more },
    { time: new Date('2024-06-01T11:00:00Z'), temperature: 19, ...hour, ...more },
  ]);
  const theirs = await seedController(t.db, { ownerId: cast.other.id });
  foreign = await seedScale(t.db, theirs.id, 1);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const request = (fields: Partial<Record<keyof ExportRequest, unknown>> = {}) => ({
  scales: [hive],
  series: ['weight', 'temperature'],
  from: '2024-06-01',
  to: '2024-06-01',
  resolution: 'raw',
  format: 'csv',
  timeZone: 'local',
  ...fields,
});
const post = (who: TestUser | undefined, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/export',
    payload: body as object,
    headers: { 'accept-language': 'en', ...(who?.headers ?? {}) },
  });
/** The CSV's lines, after checking it starts with a byte order mark (for spreadsheet programs). */
const lines = (body: string) => {
  expect(body.startsWith('\ufeff')).toBe(true);
  return body.slice(1).trim().split('\n');
};

describe('POST export: who may export', () => {
  it('answers 401 without a session', async () => {
    expect((await post(undefined, request())).statusCode).toBe(401);
  });
  it.each(['owner', 'watcher', 'manager', 'admin'] as const)('lets the %s export the scale', async (who) => {
    const res = await post(cast[who], request());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
  });
  it("answers 404 for someone else's scale, and for a list mixing own and foreign scales", async () => {
    expect((await post(cast.other, request())).statusCode).toBe(404);
    const mixed = await post(cast.owner, request({ scales: [hive, foreign] }));
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ message: 'The scale was not found' });
  });
});

describe('POST export: bad input', () => {
  it.each([
    ['no scales', { scales: [] }],
    ['a missing scales field', { scales: undefined }],
  ])('refuses %s with "Please select some scales first"', async (_name, fields) => {
    const res = await post(cast.owner, request(fields));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Please select some scales first');
  });
  it.each([
    ['an unknown series', { series: ['weight', 'honey'] }],
    ['no series', { series: [] }],
    ['an end before the start', { from: '2024-06-02', to: '2024-06-01' }],
    ['a day before 2016', { from: '2015-12-31' }],
    ['an unknown format', { format: 'pdf' }],
    ['an unknown resolution', { resolution: 'minutely' }],
    ['an unknown time zone choice', { timeZone: 'Europe/Zurich' }],
    ['more than 20 scales', { scales: Array.from({ length: 21 }, (_, i) => i + 1) }],
  ])('refuses %s with 400 and a message', async (_name, fields) => {
    const res = await post(cast.owner, request(fields));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/\w/);
  });
  it('answers 503 for an export too large to download at once when no job queue runs', async () => {
    const res = await post(cast.owner, request({ from: '2022-01-01', to: '2024-06-01' }));
    expect(res.statusCode).toBe(503);
  });
});

describe('POST export: the CSV file', () => {
  it('names scale and period, has a header with units and one row per time, net weights', async () => {
    const res = await post(cast.owner, request({ scales: [hive, second] }));
    expect(res.headers['content-disposition']).toContain(
      'filename="hivescope_HYPERLINK-http-x_Volk-Sud_2024-06-01_2024-06-01.csv"',
    );
    const [header, ...rows] = lines(res.body);
    // the name starting with "=" is prefixed with an apostrophe (then quoted for its own quotes)
    expect(header).toBe(
      'Time (Europe/Zurich),"\'=HYPERLINK(""http://x"") – Weight (kg)","\'=HYPERLINK(""http://x"") – Temperature (°C)",Volk Süd – Weight (kg),Volk Süd – Temperature (°C)',
    );
    expect(rows).toEqual([
      '2024-06-01 00:30:00,15,20.12,,',
      '2024-06-01 12:00:00,18.5,21,30,',
      '2024-06-01 12:15:00,-1,21.5,,',
    ]);
  });
  it('writes UTC times and takes the period in UTC when asked', async () => {
    const res = await post(cast.owner, request({ timeZone: 'utc', series: ['weight'] }));
    const [header, ...rows] = lines(res.body);
    expect(header).toContain('Time (UTC)');
    // 22:30 UTC on 31 May lies outside the UTC day 1 June
    expect(rows).toEqual(['2024-06-01 10:00:00,18.5', '2024-06-01 10:15:00,-1']);
  });
});

describe('POST export: controller series', () => {
  it("adds the weather stored for the controller's cell, in the hour rows of the controller columns", async () => {
    const res = await post(
      cast.owner,
      request({ series: ['weight', 'weatherTemperature', 'precipitation'], resolution: 'hourly' }),
    );
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = lines(res.body);
    expect(header).toContain('Stand Nord – Temperature (weather) (°C),Stand Nord – Precipitation (mm)');
    // no hourly rollups were built for the seeded readings: only the weather fills these hours
    expect(rows).toEqual(['2024-06-01 12:00:00,,18.25,0.4', '2024-06-01 13:00:00,,19,0.4']);
  });
});

describe('POST export: the XLSX file', () => {
  it('is a workbook exceljs reads back, with date cells in local time and numbers', async () => {
    const res = await post(cast.owner, request({ format: 'xlsx' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('Time (Europe/Zurich)');
    expect(sheet.getRow(1).getCell(2).value).toBe('=HYPERLINK("http://x") – Weight (kg)');
    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toEqual(new Date('2024-06-01T12:00:00Z'));
    expect(second.getCell(2).value).toBe(18.5);
    expect(sheet.getRow(4).getCell(2).value).toBe(-1);
  });
});
