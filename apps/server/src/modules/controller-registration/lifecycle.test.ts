import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Controller, DeviceTokenResponse, MidnightValues } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import { caller, randomDigits } from '../controllers/controllers.fixtures';

/** The whole path of the issue: admin creates → transmitter reports → beekeeper registers → live values. */
describe('controller lifecycle through the real device protocol', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser, beekeeper: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    admin = await createUser(t.db, { admin: true });
    beekeeper = await createUser(t.db);
  });
  afterAll(() => t.close());

  it('shows the reported values of a newly registered controller', async () => {
    const imsi = randomDigits();
    const imei = randomDigits();
    const created = await call<DeviceTokenResponse>('POST', '/api/admin/controller', {
      user: admin,
      body: { name: 'Neu', updateInterval: 1, imsi, imei, location: { lat: 47.37, lng: 8.54 } },
    });
    expect(created.status).toBe(200);

    const reg = await call<{ controller: Controller }>('POST', '/api/registration/controller', {
      user: beekeeper,
      body: {
        imsi,
        imei,
        channels: [
          { channel: 1, name: 'Volk 1', emptyWeight: 20 },
          { channel: 3, name: 'Klima', type: 'sensor' },
        ],
      },
    });
    expect(reg.status).toBe(200);

    // a scale shows its channel's readings from its setup on: report one second after the registration
    const time = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000).toISOString().replace('.000Z', 'Z');
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/report',
      headers: { authorization: `Bearer ${created.body.deviceToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        imsi,
        imei,
        firmware: '1.4.2',
        status: { temperature: 11.5, voltage: 3.91, signal: -77 },
        readings: [
          {
            time,
            channels: [
              { channel: 1, weight: 42.35 },
              { channel: 3, temperature: 34.1, humidity: 61 },
            ],
          },
        ],
      }),
    });
    expect(report.statusCode).toBe(200);

    const list = await call<Controller[]>('GET', '/api/controller', { user: beekeeper });
    expect(list.body).toHaveLength(1);
    const c = list.body[0]!;
    expect(c).toMatchObject({ softwareVersion: '1.4.2', voltage: 3.91, signal: -77, temperature: 11.5 });
    expect(c.lastUpdate).not.toBeNull();
    expect(c.scales[0]).toMatchObject({
      channel: 1,
      weight: 42.35,
      net: 22.35,
      weightTime: new Date(time).toISOString(),
    });
    expect(c.scales[1]).toMatchObject({ channel: 3, temperature: 34.1, humidity: 61 });

    const midnight = await call<MidnightValues>('GET', `/api/controller/${c.id}/midnightvalues`, {
      user: beekeeper,
    });
    expect(midnight.status).toBe(200);
    expect(midnight.body.scales).toHaveLength(2);
  });
});
