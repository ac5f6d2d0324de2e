import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { seedController, seedReadings, seedScale } from '../controllers/controllers.fixtures';
import { rebuildRollups } from '../device/rollups.repository';

/**
 * Scale values per resolution (docs/export.md, "File layout"): each scale shows its channel from its setup to
 * its archiving, hours and days only when wholly inside that window (as on the timeline), daily rows are the
 * controllers' own local days. A channel whose scale was replaced at 10:30 UTC on 1 June (Zurich) and a
 * scale in New York, both read every 15 minutes from 31 May to 3 June (UTC).
 */
let t: TestApp;
let owner: TestUser;
let old: number;
let current: number;
let newYork: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-export-res-'));
const REPLACED = '2024-06-01T10:30:00Z';

async function seedQuarterHours(controllerId: number, weight: number) {
  const rows = [];
  for (let ms = Date.parse('2024-05-31T00:00:00Z'); ms < Date.parse('2024-06-03T00:00:00Z'); ms += 900_000)
    rows.push({ time: new Date(ms).toISOString(), weight });
  await seedReadings(t.db, controllerId, 1, rows);
  await rebuildRollups(t.db, controllerId);
}

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = (await createCast(t.db)).owner;
  const zurich = await seedController(t.db, { ownerId: owner.id, timeZone: 'Europe/Zurich' });
  old = await seedScale(t.db, zurich.id, 1, {
    name: 'Alt',
    setupAt: new Date('2024-05-01T00:00:00Z'),
    state: 'archived',
    archivedAt: new Date(REPLACED),
  });
  current = await seedScale(t.db, zurich.id, 1, { name: 'Neu', setupAt: new Date(REPLACED) });
  await seedQuarterHours(zurich.id, 40);
  const ny = await seedController(t.db, { ownerId: owner.id, timeZone: 'America/New_York' });
  newYork = await seedScale(t.db, ny.id, 1, { name: 'NY', setupAt: new Date('2024-05-01T00:00:00Z') });
  await seedQuarterHours(ny.id, 50);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function csvRows(body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/export',
    payload: { series: ['weight'], format: 'csv', ...body },
    headers: { 'accept-language': 'en', ...owner.headers },
  });
  expect(res.statusCode).toBe(200);
  return res.body.slice(1).trim().split('\n').slice(1);
}

describe('POST export: scale windows at each resolution', () => {
  it('raw: both scales share the reading at the replacement, each has its side', async () => {
    const rows = await csvRows({
      scales: [old, current],
      from: '2024-06-01',
      to: '2024-06-01',
      resolution: 'raw',
      timeZone: 'utc',
    });
    expect(rows).toHaveLength(96);
    expect(rows.slice(41, 44)).toEqual([
      '2024-06-01 10:15:00,40,',
      '2024-06-01 10:30:00,40,40',
      '2024-06-01 10:45:00,,40',
    ]);
  });

  it('hourly: the hour of the replacement belongs to neither scale', async () => {
    const rows = await csvRows({
      scales: [old, current],
      from: '2024-06-01',
      to: '2024-06-01',
      resolution: 'hourly',
      timeZone: 'utc',
    });
    expect(rows).toHaveLength(23);
    expect(rows.slice(9, 11)).toEqual(['2024-06-01 09:00:00,40,', '2024-06-01 11:00:00,,40']);
  });

  it("daily: whole local days of each controller's zone inside each window", async () => {
    const rows = await csvRows({
      scales: [old, current, newYork],
      from: '2024-05-31',
      to: '2024-06-02',
      resolution: 'daily',
      timeZone: 'local',
    });
    // Zurich: 31 May ends before the replacement, 2 June starts after it; New York: its own three days
    expect(rows).toEqual(['2024-05-31,40,,50', '2024-06-01,,,50', '2024-06-02,,40,50']);
  });
});
