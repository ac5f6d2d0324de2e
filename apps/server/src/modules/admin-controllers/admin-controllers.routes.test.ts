import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminControllerPage, DeviceTokenResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAffiliation, createUser, type TestUser } from '../../../test/users';
import { controllers } from '../../db/schema';
import {
  caller,
  controllerRow,
  count,
  randomDigits,
  seedController,
  seedScale,
} from '../controllers/controllers.fixtures';

describe('GET /api/admin/controllers, GET admin/affiliatedControllers, POST /api/admin/controller', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let user: TestUser, manager: TestUser, admin: TestUser;
  let affA: number, affB: number;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    affA = await createAffiliation(t.db, 'A');
    affB = await createAffiliation(t.db, 'B');
    user = await createUser(t.db);
    manager = await createUser(t.db, { role: 2, affiliationId: affA });
    admin = await createUser(t.db, { admin: true });
    const a = await seedController(t.db, { ownerId: user.id, affiliationId: affA, name: 'A1' });
    await seedScale(t.db, a.id, 1);
    await t.db
      .update(controllers)
      .set({ reportedImei: randomDigits(), reportedImeiAt: new Date() })
      .where(eq(controllers.id, a.id));
    await seedScale(t.db, a.id, 2, { state: 'archived' });
    await seedController(t.db, {
      affiliationId: affB,
      name: 'B1',
      subscriptionEnd: new Date(Date.now() - 1000),
    });
    await seedController(t.db, { name: 'C1', subscriptionEnd: new Date(Date.now() + 10 * 86_400_000) });
  });
  afterAll(() => t.close());

  it('lists every controller with every column for admins only', async () => {
    expect((await call('GET', '/api/admin/controllers')).status).toBe(401);
    for (const u of [user, manager])
      expect((await call('GET', '/api/admin/controllers', { user: u })).status).toBe(403);
    const res = await call<AdminControllerPage>('GET', '/api/admin/controllers', { user: admin });
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.items.map((r) => [r.name, r.subscriptionState, r.scaleCount])).toEqual([
      ['A1', 'active', 1],
      ['B1', 'expired', 0],
      ['C1', 'expiringSoon', 0],
    ]);
    expect(res.body.items[0]).toMatchObject({
      owner: { userId: user.id, email: user.email },
      affiliation: { id: affA, name: 'A' },
    });
    expect(Object.keys(res.body.items[0]!)).toEqual(
      expect.arrayContaining([
        'lastUpdate',
        'voltage',
        'signal',
        'temperature',
        'softwareVersion',
        'subscriptionEnd',
        'imsi',
        'imei',
      ]),
    );
    expect(JSON.stringify(res.body)).not.toContain('deviceToken');
  });

  it('lists affiliated controllers: managers their own affiliation, admins any', async () => {
    const url = (id?: number) => `/api/admin/affiliatedControllers${id ? `?affiliationId=${id}` : ''}`;
    expect((await call('GET', url(affA))).status).toBe(401);
    expect((await call('GET', url(affA), { user })).status).toBe(403);
    const mine = await call<AdminControllerPage>('GET', url(affA), { user: manager });
    expect(mine.body.items.map((r) => r.name)).toEqual(['A1']);
    // managers only read: they never get the registration credentials (IMSI+IMEI claim a controller)
    expect(mine.body.items.map((r) => [r.imsi, r.imei, r.reportedImei, r.msisdn])).toEqual([
      [null, null, null, null],
    ]);
    const asAdmin = await call<AdminControllerPage>('GET', url(affA), { user: admin });
    expect(asAdmin.body.items[0]?.imsi).toMatch(/^\d{15}$/);
    expect(asAdmin.body.items[0]?.reportedImei).toMatch(/^\d{15}$/);
    expect(
      (await call<AdminControllerPage>('GET', url(), { user: manager })).body.items.map((r) => r.name),
    ).toEqual(['A1']);
    const foreign = await call('GET', url(affB), { user: manager });
    expect([foreign.status, foreign.message]).toEqual([403, 'You are not allowed to do this']);
    expect(
      (await call<AdminControllerPage>('GET', url(affB), { user: admin })).body.items.map((r) => r.name),
    ).toEqual(['B1']);
    expect(
      (await call<AdminControllerPage>('GET', url(), { user: admin })).body.items.map((r) => r.name),
    ).toEqual(['A1', 'B1']);
    expect(
      (await call('GET', '/api/admin/affiliatedControllers?affiliationId=x', { user: admin })).status,
    ).toBe(400);
  });

  it('creates a controller with a one-time device token stored as SHA-256, subscription for 2 years', async () => {
    const imsi = randomDigits();
    const body = { name: 'Neu', location: { lat: 47.37, lng: 8.54 }, updateInterval: 3, imsi };
    const res = await call<DeviceTokenResponse>('POST', '/api/admin/controller', {
      user: admin,
      body,
      lang: 'de',
    });
    expect(res.status).toBe(200);
    expect(res.message).toBe('Der Sender wurde erstellt.');
    expect(res.body.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await controllerRow(t.db, res.body.id);
    expect(row.deviceTokenHash).toBe(crypto.createHash('sha256').update(res.body.deviceToken).digest('hex'));
    expect(row).toMatchObject({
      imsi,
      imei: null,
      ownerId: null,
      timeZone: 'Europe/Zurich',
      updateInterval: 3,
    });
    const years = (row.subscriptionEnd.getTime() - Date.now()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(1.99);
    expect(years).toBeLessThan(2.01);
  });

  it('refuses non-admins and bad input, creating nothing', async () => {
    const before = await count(t.db, controllers);
    const ok = { name: 'X', updateInterval: 1, imsi: randomDigits(), imei: randomDigits() };
    expect((await call('POST', '/api/admin/controller', { body: ok })).status).toBe(401);
    for (const u of [user, manager])
      expect((await call('POST', '/api/admin/controller', { user: u, body: ok })).status).toBe(403);
    const cases: [object, string][] = [
      [{ ...ok, imsi: '12345678901234' }, 'The IMSI must have exactly 15 digits'],
      [{ ...ok, imei: '1234567890123456' }, 'The IMEI must have exactly 15 digits'],
      [{ ...ok, updateInterval: 0 }, 'The update interval must be 1 to 6 hours'],
      [{ ...ok, updateInterval: 7 }, 'The update interval must be 1 to 6 hours'],
      [{ ...ok, location: { lat: 0, lng: 181 } }, 'Invalid location'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/admin/controller', { user: admin, body });
      expect([res.status, res.message]).toEqual([400, message]);
    }
    expect(await count(t.db, controllers)).toBe(before);
  });

  it('refuses a duplicate IMSI with 400', async () => {
    const imsi = randomDigits();
    const body = { name: 'D', updateInterval: 2, imsi };
    expect((await call('POST', '/api/admin/controller', { user: admin, body })).status).toBe(200);
    const before = await count(t.db, controllers);
    const res = await call('POST', '/api/admin/controller', { user: admin, body });
    expect([res.status, res.message]).toEqual([400, 'A transmitter with this IMSI already exists']);
    expect(await count(t.db, controllers)).toBe(before);
  });

  it('lists every affiliation by name for admins only (GET admin/affiliations)', async () => {
    expect((await call('GET', '/api/admin/affiliations')).status).toBe(401);
    for (const u of [user, manager])
      expect((await call('GET', '/api/admin/affiliations', { user: u })).status).toBe(403);
    const res = await call<{ id: number; name: string }[]>('GET', '/api/admin/affiliations', { user: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: affA, name: 'A' },
      { id: affB, name: 'B' },
    ]);
  });
});
