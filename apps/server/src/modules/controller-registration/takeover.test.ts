import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminControllerPage, AdminControllerRow, DeviceTokenResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import { caller, controllerRow, randomDigits } from '../controllers/controllers.fixtures';

/**
 * The attack of issue 13: someone who knows only a transmitter's IMSI (printed on the SIM, issued in sequence)
 * must not be able to take it over, and the real device must never lose a report over a wrong IMEI.
 */
describe('claiming a transmitter needs its known IMEI', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser, attacker: TestUser, beekeeper: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    admin = await createUser(t.db, { admin: true });
    attacker = await createUser(t.db);
    beekeeper = await createUser(t.db);
  });
  afterAll(() => t.close());

  const create = async (body: { imsi: string; imei?: string }) => {
    const res = await call<DeviceTokenResponse>('POST', '/api/admin/controller', {
      user: admin,
      body: { name: 'Neu', updateInterval: 1, ...body },
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  const report = (token: string, imsi: string, imei: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/v1/report',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        imsi,
        imei,
        firmware: '1.4.2',
        status: { temperature: 11.5, voltage: 3.91, signal: -77 },
        readings: [{ time: '2025-06-01T10:00:00Z', channels: [{ channel: 1, weight: 42.35 }] }],
      }),
    });
  const claim = (user: TestUser, imsi: string, imei: string) =>
    call('POST', '/api/registration/controller', { user, body: { imsi, imei } });
  const adminRow = async (id: number) => {
    // the search matches the id (among names and numbers containing it): one page holds it
    const rows = await call<AdminControllerPage>('GET', `/api/admin/controllers?q=${id}`, { user: admin });
    const row = rows.body.items.find((r) => r.id === id);
    if (!row) throw new Error(`controller ${id} not listed`);
    return row;
  };

  it('an IMSI with any IMEI claims nothing before the first report; the real device then reports and its owner registers', async () => {
    const imsi = '228019999999001';
    const realImei = randomDigits();
    const { id, deviceToken } = await create({ imsi });

    const attack = await claim(attacker, imsi, '356938035643809');
    const unknown = await claim(attacker, randomDigits(), '356938035643809');
    expect(attack.status).toBe(404);
    expect(attack.body).toEqual(unknown.body); // no hint that this IMSI exists
    expect(await controllerRow(t.db, id)).toMatchObject({ ownerId: null, imei: null });

    const first = await report(deviceToken, imsi, realImei);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ accepted: 1 });
    expect((await controllerRow(t.db, id)).imei).toBe(realImei);

    const again = await claim(attacker, imsi, '356938035643809');
    expect([again.status, again.message]).toEqual([400, 'Invalid IMSI/IMEI combination']);
    expect((await controllerRow(t.db, id)).ownerId).toBeNull();

    expect((await claim(beekeeper, imsi, realImei)).status).toBe(200);
    const next = await report(deviceToken, imsi, realImei);
    expect(next.statusCode).toBe(200);
    expect(await controllerRow(t.db, id)).toMatchObject({ ownerId: beekeeper.id, imei: realImei });
  });

  it('a report with another IMEI than the admin entered is stored, shown to the admin, and resolved by saving the IMEI', async () => {
    const imsi = randomDigits();
    const typo = randomDigits();
    const realImei = randomDigits();
    const { id, deviceToken } = await create({ imsi, imei: typo });

    const res = await report(deviceToken, imsi, realImei);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1, duplicates: 0 });
    const row = await adminRow(id);
    expect(row).toMatchObject({ imei: typo, reportedImei: realImei, lastUpdate: expect.any(String) });
    expect(Date.parse(row.reportedImeiAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // the label's IMEI does not match the admin's typo yet
    expect((await claim(beekeeper, imsi, realImei)).status).toBe(400);

    const accepted = await call<{ controller: AdminControllerRow }>('POST', `/api/admin/controller/${id}`, {
      user: admin,
      body: { imei: realImei },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.controller).toMatchObject({
      imei: realImei,
      reportedImei: null,
      reportedImeiAt: null,
    });
    expect((await claim(beekeeper, imsi, realImei)).status).toBe(200);
  });
});
