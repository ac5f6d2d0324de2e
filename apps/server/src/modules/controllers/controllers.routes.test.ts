import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Controller } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAffiliation, createCast, createUser, type TestUser } from '../../../test/users';
import {
  caller,
  seedController,
  seedReadings,
  seedScale,
  seedWatch,
  type SeededController,
} from './controllers.fixtures';

describe('GET /api/controller and GET /api/controller/{id}', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser,
    other: TestUser,
    watcher: TestUser,
    manager: TestUser,
    foreignManager: TestUser,
    admin: TestUser;
  let c1: SeededController;
  let unowned: SeededController;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    const aff2 = await createAffiliation(t.db, 'Inspektorat Bern');
    foreignManager = await createUser(t.db, { role: 1, affiliationId: aff2 });
    c1 = await seedController(t.db, {
      ownerId: owner.id,
      affiliationId: aff,
      name: 'Bienenhaus',
      location: { lat: 47.37, lng: 8.54 },
    });
    await seedController(t.db, { ownerId: other.id, name: 'Other' });
    unowned = await seedController(t.db, { name: 'Lager' });
    const s1 = await seedScale(t.db, c1.id, 1, { emptyWeight: 20, reserves: 5.5 });
    await seedScale(t.db, c1.id, 3, { type: 'sensor', name: 'Stockklima' });
    await seedScale(t.db, c1.id, 2, { state: 'archived', archivedAt: new Date('2021-01-01T00:00:00Z') });
    await seedReadings(t.db, c1.id, 1, [
      { time: '2025-05-01T08:00:00Z', weight: 40.1 },
      { time: '2025-05-01T09:00:00Z', weight: 42.35 },
    ]);
    await seedReadings(t.db, c1.id, 3, [{ time: '2025-05-01T09:00:00Z', temperature: 34.1, humidity: 61 }]);
    await seedReadings(t.db, c1.id, 5, [{ time: '2025-05-01T09:00:00Z', weight: 99 }]); // no scale on channel 5
    await seedWatch(t.db, watcher.id, c1.id);
    expect(s1).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  it('refuses anonymous callers with 401', async () => {
    for (const url of ['/api/controller', `/api/controller/${c1.id}`]) {
      const res = await call('GET', url);
      expect(res.status).toBe(401);
      expect(res.message).toBe('Please log in');
    }
  });

  it('lists the owner’s controller with its live scales and current values', async () => {
    const res = await call<Controller[]>('GET', '/api/controller', { user: owner });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const c = res.body[0]!;
    expect(c).toMatchObject({
      id: c1.id,
      name: 'Bienenhaus',
      imsi: c1.imsi,
      imei: c1.imei,
      location: { lat: 47.37, lng: 8.54 },
      timeZone: 'Europe/Zurich',
      readOnly: false,
      owner: { userId: owner.id, email: owner.email },
      subscriptionState: 'active',
    });
    expect(c.watchCode).toMatch(/^[A-Z0-9]{10}$/);
    expect(c.scales.map((s) => s.channel)).toEqual([1, 3]);
    expect(c.scales[0]).toMatchObject({
      weight: 42.35,
      weightTime: '2025-05-01T09:00:00.000Z',
      emptyWeight: 20,
      reserves: 5.5,
      total: 25.5,
      net: 16.85,
      state: 'active',
      type: 'weight',
    });
    expect(c.scales[1]).toMatchObject({
      type: 'sensor',
      weight: null,
      net: null,
      temperature: 34.1,
      humidity: 61,
    });
  });

  it('shows watched controllers read-only without credentials or watch code', async () => {
    const res = await call<Controller[]>('GET', '/api/controller', { user: watcher });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      id: c1.id,
      readOnly: true,
      imsi: null,
      imei: null,
      msisdn: null,
      watchCode: null,
    });
    expect(res.body[0]!.scales).toHaveLength(2);
  });

  it('lists only own and watched controllers for other users, managers and admins', async () => {
    expect(
      (await call<Controller[]>('GET', '/api/controller', { user: other })).body.map((c) => c.name),
    ).toEqual(['Other']);
    expect((await call<Controller[]>('GET', '/api/controller', { user: manager })).body).toEqual([]);
    expect((await call<Controller[]>('GET', '/api/controller', { user: admin })).body).toEqual([]);
  });

  it('answers GET controller/{id} for owner, watcher, manager of the affiliation and admin', async () => {
    const url = `/api/controller/${c1.id}`;
    expect((await call<Controller>('GET', url, { user: owner })).body).toMatchObject({
      readOnly: false,
      imsi: c1.imsi,
    });
    expect((await call<Controller>('GET', url, { user: watcher })).body).toMatchObject({
      readOnly: true,
      imsi: null,
    });
    expect((await call<Controller>('GET', url, { user: manager })).body).toMatchObject({
      readOnly: true,
      watchCode: null,
    });
    const asAdmin = await call<Controller>('GET', url, { user: admin });
    expect(asAdmin.body).toMatchObject({ readOnly: false, imsi: c1.imsi, watchCode: null });
    expect(asAdmin.body.scales).toHaveLength(2);
  });

  it('answers 404 to other users, foreign managers, unknown and unowned controllers (no existence oracle)', async () => {
    for (const [user, id] of [
      [other, c1.id],
      [foreignManager, c1.id],
      [owner, unowned.id],
      [owner, 999_999],
    ] as const) {
      const res = await call('GET', `/api/controller/${id}`, { user, lang: 'de' });
      expect(res.status).toBe(404);
      expect(res.message).toBe('Der Sender wurde nicht gefunden');
    }
  });

  it('rejects a malformed id with 400', async () => {
    const res = await call('GET', '/api/controller/abc', { user: owner });
    expect(res.status).toBe(400);
  });
});
