import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminControllerSaveResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAffiliation, createUser, type TestUser } from '../../../test/users';
import {
  caller,
  controllerRow,
  randomDigits,
  seedController,
  seedWatch,
  watchesOf,
  type SeededController,
} from '../controllers/controllers.fixtures';
import { imageBytes, insertImage } from '../firmware/firmware.fixtures';

describe('POST /api/admin/controller/{id} and POST /api/admin/affiliation/{id}/controllers', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, newOwner: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let c: SeededController, d: SeededController, e: SeededController;
  let aff: number;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    aff = await createAffiliation(t.db);
    owner = await createUser(t.db);
    newOwner = await createUser(t.db, { email: 'neu@example.org' });
    watcher = await createUser(t.db);
    manager = await createUser(t.db, { role: 2, affiliationId: aff });
    admin = await createUser(t.db, { admin: true });
    c = await seedController(t.db, { ownerId: owner.id, name: 'C', affiliationId: aff });
    d = await seedController(t.db, { name: 'D' });
    e = await seedController(t.db, { name: 'E' });
    await seedWatch(t.db, watcher.id, c.id);
    await insertImage(t.db, '1.5.0', imageBytes(100));
  });
  afterAll(() => t.close());

  it('refuses anonymous (401), the owner, watchers and managers (403), changing nothing', async () => {
    const before = await controllerRow(t.db, c.id);
    expect((await call('POST', `/api/admin/controller/${c.id}`, { body: { name: 'X' } })).status).toBe(401);
    for (const user of [owner, watcher, manager]) {
      expect(
        (
          await call('POST', `/api/admin/controller/${c.id}`, {
            user,
            body: { subscriptionEnd: '2099-01-01T00:00:00Z' },
          })
        ).status,
      ).toBe(403);
    }
    expect(await controllerRow(t.db, c.id)).toEqual(before);
  });

  it('edits every field; a new location sets the time zone', async () => {
    const body = {
      name: 'Umbenannt',
      location: { lat: 48.14, lng: 11.58 },
      updateInterval: 6,
      imei: randomDigits(),
      msisdn: '+41790000000',
      subscriptionEnd: '2030-12-31T23:00:00Z',
      desiredFirmware: '1.5.0',
      remainingNotifications: 50,
      scaleGain: 9,
      signalFilter: true,
      displayOnPublicMap: true,
      affiliationId: aff,
      regionPrimaryId: 4,
    };
    const res = await call<AdminControllerSaveResponse>('POST', `/api/admin/controller/${c.id}`, {
      user: admin,
      body,
    });
    expect(res.status).toBe(200);
    expect(res.message).toBe('Saved successfully.');
    expect(res.body.deviceToken).toBeUndefined();
    expect(res.body.controller).toMatchObject({
      name: 'Umbenannt',
      timeZone: 'Europe/Berlin',
      subscriptionEnd: '2030-12-31T23:00:00.000Z',
      region: { primary: 4, secondary: null },
      desiredFirmware: '1.5.0',
      owner: { userId: owner.id },
    });
    expect(await watchesOf(t.db, c.id)).toHaveLength(1); // same owner: watches stay
  });

  it('sets a desired firmware only to an uploaded version: unknown → 404, malformed → 400, nothing changed', async () => {
    const before = await controllerRow(t.db, d.id);
    const unknown = await call('POST', `/api/admin/controller/${d.id}`, {
      user: admin,
      body: { name: 'Nicht gespeichert', desiredFirmware: '9.9.9' },
    });
    expect([unknown.status, unknown.message]).toEqual([404, 'Firmware version 9.9.9 does not exist']);
    const malformed = await call('POST', `/api/admin/controller/${d.id}`, {
      user: admin,
      body: { desiredFirmware: 'latest; DROP' },
    });
    expect(malformed.status).toBe(400);
    expect(await controllerRow(t.db, d.id)).toEqual(before);
    const cleared = await call<AdminControllerSaveResponse>('POST', `/api/admin/controller/${d.id}`, {
      user: admin,
      body: { desiredFirmware: null },
    });
    expect([cleared.status, cleared.body.controller.desiredFirmware]).toEqual([200, null]);
  });

  it('changes the owner by email: new watch code, watches removed; unknown email → 400', async () => {
    const before = await controllerRow(t.db, c.id);
    const bad = await call('POST', `/api/admin/controller/${c.id}`, {
      user: admin,
      body: { ownerEmail: 'nobody@example.org' },
    });
    expect([bad.status, bad.message]).toEqual([400, 'No user with this email address']);
    expect(await controllerRow(t.db, c.id)).toEqual(before);
    const res = await call<AdminControllerSaveResponse>('POST', `/api/admin/controller/${c.id}`, {
      user: admin,
      body: { ownerEmail: 'NEU@example.org' },
    });
    expect(res.body.controller.owner).toEqual({ userId: newOwner.id, email: 'neu@example.org' });
    const row = await controllerRow(t.db, c.id);
    expect(row.watchCode).not.toBe(before.watchCode);
    expect(await watchesOf(t.db, c.id)).toHaveLength(0);
    await call('POST', `/api/admin/controller/${c.id}`, { user: admin, body: { ownerEmail: null } });
    expect(await controllerRow(t.db, c.id)).toMatchObject({
      ownerId: null,
      watchCode: null,
      registeredAt: null,
    });
  });

  it('regenerates the device token on request', async () => {
    const before = await controllerRow(t.db, c.id);
    const res = await call<AdminControllerSaveResponse>('POST', `/api/admin/controller/${c.id}`, {
      user: admin,
      body: { regenerateToken: true },
    });
    expect(res.message).toBe('A new device token was generated. It is shown only now.');
    const token = res.body.deviceToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await controllerRow(t.db, c.id);
    expect(row.deviceTokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(row.deviceTokenHash).not.toBe(before.deviceTokenHash);
  });

  it('rejects bad input and unknown controllers, changing nothing', async () => {
    const before = await controllerRow(t.db, c.id);
    const cases: [object, number, string][] = [
      [{ imsi: d.imsi }, 400, 'A transmitter with this IMSI already exists'],
      [{ imsi: '123' }, 400, 'The IMSI must have exactly 15 digits'],
      [{ updateInterval: 7 }, 400, 'The update interval must be 1 to 6 hours'],
      [{ scaleGain: 1101 }, 400, 'The scale gain must be between 9 and 1100'],
      [{ subscriptionEnd: 'tomorrow' }, 400, 'Invalid date'],
      [{ affiliationId: 999999 }, 400, 'The affiliation was not found'],
      [{ owner: 3 }, 400, 'Unknown field'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', `/api/admin/controller/${c.id}`, { user: admin, body });
      expect([res.status, res.message]).toEqual([status, message]);
    }
    expect(
      (await call('POST', '/api/admin/controller/999999', { user: admin, body: { name: 'x' } })).status,
    ).toBe(404);
    expect(await controllerRow(t.db, c.id)).toEqual(before);
  });

  it('assigns controllers to an affiliation (the list replaces the previous one); admins only', async () => {
    const url = `/api/admin/affiliation/${aff}/controllers`;
    expect((await call('POST', url, { body: { controllerIds: [d.id] } })).status).toBe(401);
    expect((await call('POST', url, { user: manager, body: { controllerIds: [d.id] } })).status).toBe(403);
    const res = await call('POST', url, { user: admin, body: { controllerIds: [d.id, e.id] }, lang: 'de' });
    expect([res.status, res.message]).toEqual([200, 'Die Sender wurden der Organisation zugeordnet.']);
    expect((await controllerRow(t.db, c.id)).affiliationId).toBeNull();
    expect((await controllerRow(t.db, d.id)).affiliationId).toBe(aff);
    expect((await controllerRow(t.db, e.id)).affiliationId).toBe(aff);
  });

  it('404 for an unknown affiliation or controller; nothing changed', async () => {
    const unknownCtl = await call('POST', `/api/admin/affiliation/${aff}/controllers`, {
      user: admin,
      body: { controllerIds: [d.id, 999999] },
    });
    expect([unknownCtl.status, unknownCtl.message]).toEqual([404, 'The transmitter was not found']);
    const unknownAff = await call('POST', '/api/admin/affiliation/999999/controllers', {
      user: admin,
      body: { controllerIds: [c.id] },
    });
    expect([unknownAff.status, unknownAff.message]).toEqual([404, 'The affiliation was not found']);
    expect((await controllerRow(t.db, d.id)).affiliationId).toBe(aff);
    expect((await controllerRow(t.db, c.id)).affiliationId).toBeNull();
  });
});
