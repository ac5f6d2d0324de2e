import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { ControllerSaveResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import {
  caller,
  controllerRow,
  randomDigits,
  scalesOf,
  seedController,
  seedScale,
  type SeededController,
} from '../controllers/controllers.fixtures';

describe('POST /api/registration/controller', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser, bob: TestUser, admin: TestUser, manager: TestUser;
  let free: SeededController, noImei: SeededController, owned: SeededController;
  const url = '/api/registration/controller';

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    alice = await createUser(t.db);
    bob = await createUser(t.db);
    admin = await createUser(t.db, { admin: true });
    manager = await createUser(t.db, { role: 2 });
    free = await seedController(t.db);
    noImei = await seedController(t.db, { imei: null });
    owned = await seedController(t.db, { ownerId: bob.id });
  });
  afterAll(() => t.close());

  const unchanged = async (c: SeededController, run: () => Promise<void>) => {
    const before = await controllerRow(t.db, c.id);
    const scalesBefore = await scalesOf(t.db, c.id);
    await run();
    expect(await controllerRow(t.db, c.id)).toEqual(before);
    expect(await scalesOf(t.db, c.id)).toEqual(scalesBefore);
  };

  it('401 for anonymous callers', async () => {
    await unchanged(free, async () => {
      const res = await call('POST', url, { body: { imsi: free.imsi, imei: free.imei } });
      expect([res.status, res.message]).toEqual([401, 'Please log in']);
    });
  });

  it.each([
    [{ imsi: '12345', imei: '123456789012345' }, 'The IMSI must have exactly 15 digits'],
    [{ imsi: '1234567890123456', imei: '123456789012345' }, 'The IMSI must have exactly 15 digits'],
    [{ imsi: '123456789012345', imei: '12345678901234a' }, 'The IMEI must have exactly 15 digits'],
    [
      { imsi: '123456789012345', imei: '123456789012345', updateInterval: 0 },
      'The update interval must be 1 to 6 hours',
    ],
    [
      { imsi: '123456789012345', imei: '123456789012345', updateInterval: 7 },
      'The update interval must be 1 to 6 hours',
    ],
    [
      { imsi: '123456789012345', imei: '123456789012345', channels: [{ channel: 9, name: 'A' }] },
      'The channel must be 1 to 8',
    ],
    [
      { imsi: '123456789012345', imei: '123456789012345', channels: [{ channel: 0, name: 'A' }] },
      'The channel must be 1 to 8',
    ],
    [
      {
        imsi: '123456789012345',
        imei: '123456789012345',
        channels: [
          { channel: 1, name: 'A' },
          { channel: 1, name: 'B' },
        ],
      },
      'Each channel may appear only once',
    ],
  ])('rejects %j with 400', async (body, message) => {
    const res = await call('POST', url, { user: alice, body });
    expect([res.status, res.message]).toEqual([400, message]);
  });

  it('404 for an unknown IMSI, telling what a new transmitter needs', async () => {
    const res = await call('POST', url, {
      user: alice,
      body: { imsi: randomDigits(), imei: randomDigits() },
      lang: 'de',
    });
    expect([res.status, res.message]).toEqual([
      404,
      'Kein Sender mit dieser IMSI ist für die Registrierung bereit. Prüfen Sie die IMSI. Ein neuer Sender kann registriert werden, sobald er eingeschaltet ist und seine erste Meldung gesendet hat.',
    ]);
  });

  it('400 invalidImsiImei for a wrong IMEI, nothing changed', async () => {
    await unchanged(free, async () => {
      const res = await call('POST', url, { user: alice, body: { imsi: free.imsi, imei: randomDigits() } });
      expect([res.status, res.message]).toEqual([400, 'Invalid IMSI/IMEI combination']);
    });
  });

  it('400 transmitterAlreadyRegistered for a controller owned by someone else', async () => {
    await unchanged(owned, async () => {
      const res = await call('POST', url, { user: alice, body: { imsi: owned.imsi, imei: owned.imei } });
      expect([res.status, res.message]).toEqual([400, 'Transmitter has already been registered']);
    });
  });

  it('registers a controller with settings and channel setup, which opens the registration gate', async () => {
    await t.db.update(users).set({ registrationPending: true }).where(eq(users.id, alice.id));
    const body = {
      imsi: free.imsi,
      imei: free.imei,
      name: 'Waldrand',
      location: { lat: 46.2, lng: 6.15 },
      updateInterval: 2,
      channelConfig: [{ channel: 1, kind: 'weight', cells: 4 }],
      channels: [
        { channel: 1, name: 'Volk 1', emptyWeight: 20, isBrood: true },
        { channel: 3, name: 'Klima', type: 'sensor' },
      ],
    };
    const res = await call<ControllerSaveResponse>('POST', url, { user: alice, body, lang: 'fr' });
    expect(res.status).toBe(200);
    expect(res.message).toBe("L'émetteur a été enregistré.");
    expect(res.body.controller).toMatchObject({
      id: free.id,
      name: 'Waldrand',
      timeZone: 'Europe/Zurich',
      updateInterval: 2,
      owner: { userId: alice.id, email: alice.email },
      readOnly: false,
    });
    expect(res.body.controller.watchCode).toMatch(/^[A-Z0-9]{10}$/);
    expect(res.body.controller.scales.map((s) => [s.channel, s.name, s.type])).toEqual([
      [1, 'Volk 1', 'weight'],
      [3, 'Klima', 'sensor'],
    ]);
    const row = await controllerRow(t.db, free.id);
    expect(row.ownerId).toBe(alice.id);
    expect(row.registeredAt).toBeInstanceOf(Date);
    expect(row.activationDate).toBeInstanceOf(Date);
    const ping = await call<{ registrationPending: boolean }>('GET', '/api/user/ping', { user: alice });
    expect(ping.body.registrationPending).toBe(false);
  });

  it('400 when the same user registers it twice, nothing changed', async () => {
    await unchanged(free, async () => {
      const res = await call('POST', url, { user: alice, body: { imsi: free.imsi, imei: free.imei } });
      expect([res.status, res.message]).toEqual([400, 'Transmitter has already been registered']);
    });
  });

  it('refuses a controller whose IMEI is not known yet exactly like an unknown IMSI, and writes nothing', async () => {
    await unchanged(noImei, async () => {
      const res = await call('POST', url, {
        user: manager,
        body: { imsi: noImei.imsi, imei: randomDigits() },
      });
      const unknown = await call('POST', url, {
        user: manager,
        body: { imsi: randomDigits(), imei: randomDigits() },
      });
      expect([res.status, res.body]).toEqual([404, { message: expect.stringContaining('first report') }]);
      expect([res.status, res.body]).toEqual([unknown.status, unknown.body]);
    });
  });

  it('admins and managers register like anyone', async () => {
    const another = await seedController(t.db);
    const asManager = await call('POST', url, {
      user: manager,
      body: { imsi: another.imsi, imei: another.imei },
    });
    expect(asManager.status).toBe(200);
    const third = await seedController(t.db);
    const asAdmin = await call('POST', url, { user: admin, body: { imsi: third.imsi, imei: third.imei } });
    expect(asAdmin.status).toBe(200);
  });

  it('a controller released by an admin starts fresh: earlier scales are archived, history kept', async () => {
    const released = await seedController(t.db);
    const old = await seedScale(t.db, released.id, 1, { name: 'Vorbesitzer' });
    const res = await call<ControllerSaveResponse>('POST', url, {
      user: bob,
      body: { imsi: released.imsi, imei: released.imei, channels: [{ channel: 1, name: 'Neu' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.controller.scales.map((s) => s.name)).toEqual(['Neu']);
    const all = await scalesOf(t.db, released.id);
    expect(all.find((s) => s.id === old)).toMatchObject({ state: 'archived' });
  });
});
