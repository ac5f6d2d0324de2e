import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scale, ScaleSaveResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAffiliation, createCast, createUser, type TestUser } from '../../../test/users';
import { scales } from '../../db/schema';
import {
  caller,
  count,
  scalesOf,
  seedController,
  seedReadings,
  seedScale,
  seedWatch,
  type SeededController,
} from '../controllers/controllers.fixtures';

describe('scales: GET scale, scale/all, user/{id}/scales; POST scale, scale/{idscale}', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser,
    other: TestUser,
    watcher: TestUser,
    manager: TestUser,
    foreignManager: TestUser,
    admin: TestUser;
  let c: SeededController, d: SeededController;
  let live1: number, archived2: number;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db, { ownerAffiliated: true });
    ({ owner, other, watcher, manager, admin } = cast);
    const aff2 = await createAffiliation(t.db);
    foreignManager = await createUser(t.db, { role: 2, affiliationId: aff2 });
    c = await seedController(t.db, { ownerId: owner.id, affiliationId: aff });
    d = await seedController(t.db, { ownerId: other.id });
    live1 = await seedScale(t.db, c.id, 1, { name: 'Volk A', emptyWeight: 15 });
    archived2 = await seedScale(t.db, c.id, 2, {
      name: 'Alt',
      state: 'archived',
      setupAt: new Date('2024-01-01T00:00:00Z'),
      archivedAt: new Date('2024-06-01T00:00:00Z'),
    });
    await seedScale(t.db, d.id, 1, { name: 'Fremd' });
    await seedReadings(t.db, c.id, 2, [
      { time: '2024-05-31T00:00:00Z', weight: 33 },
      { time: '2024-07-01T00:00:00Z', weight: 44 }, // after archiving: not the archived scale's data
    ]);
    await seedWatch(t.db, watcher.id, c.id);
  });
  afterAll(() => t.close());

  describe('lists', () => {
    it('401 for anonymous callers', async () => {
      for (const url of ['/api/scale', '/api/scale/all', `/api/user/${owner.id}/scales`]) {
        expect((await call('GET', url)).status).toBe(401);
      }
    });

    it('GET scale: live scales of own controllers only', async () => {
      const mine = await call<Scale[]>('GET', '/api/scale', { user: owner });
      expect(mine.body.map((s) => [s.idscale, s.controllerId, s.channel])).toEqual([[live1, c.id, 1]]);
      expect((await call<Scale[]>('GET', '/api/scale', { user: other })).body.map((s) => s.name)).toEqual([
        'Fremd',
      ]);
      expect((await call<Scale[]>('GET', '/api/scale', { user: watcher })).body).toEqual([]);
    });

    it('GET scale/all: also archived scales, with their data until archiving', async () => {
      const all = await call<Scale[]>('GET', '/api/scale/all', { user: owner });
      expect(all.body.map((s) => s.idscale)).toEqual([live1, archived2]);
      expect(all.body[1]).toMatchObject({
        state: 'archived',
        weight: 33,
        archivedAt: '2024-06-01T00:00:00.000Z',
      });
    });

    it('GET user/{id}/scales: self, admin and manager of the user’s affiliation; 404 otherwise', async () => {
      const url = `/api/user/${owner.id}/scales`;
      for (const user of [owner, admin, manager]) {
        expect((await call<Scale[]>('GET', url, { user })).body.map((s) => s.idscale)).toEqual([live1]);
      }
      for (const user of [other, watcher, foreignManager]) {
        const res = await call('GET', url, { user });
        expect(res.status).toBe(404);
        expect(res.message).toBe('Not found');
      }
      expect((await call('GET', '/api/user/999999/scales', { user: admin })).status).toBe(404);
    });
  });

  describe('POST scale', () => {
    it('401 anonymous, 404 other user, 403 watcher and manager — nothing created', async () => {
      const before = await count(t.db, scales);
      const body = { channel: `${c.id}:5`, name: 'Neu' };
      expect((await call('POST', '/api/scale', { body })).status).toBe(401);
      expect((await call('POST', '/api/scale', { user: other, body })).status).toBe(404);
      expect((await call('POST', '/api/scale', { user: watcher, body })).message).toBe(
        'A watched transmitter is read-only',
      );
      expect((await call('POST', '/api/scale', { user: manager, body })).status).toBe(403);
      expect(await count(t.db, scales)).toBe(before);
    });

    it('creates a scale from a "controller:channel" value for the owner', async () => {
      const body = {
        channel: `${c.id}:5`,
        name: 'Volk E',
        type: 'weight',
        isBrood: true,
        emptyWeight: 12.5,
        reserves: 4,
      };
      const res = await call<ScaleSaveResponse>('POST', '/api/scale', { user: owner, body, lang: 'de' });
      expect(res.status).toBe(200);
      expect(res.message).toBe('Die Waage wurde eingerichtet.');
      expect(res.body.scale).toMatchObject({
        controllerId: c.id,
        channel: 5,
        name: 'Volk E',
        isBrood: true,
        total: 16.5,
      });
      expect((await scalesOf(t.db, c.id)).find((s) => s.channel === 5)).toMatchObject({
        name: 'Volk E',
        state: 'active',
      });
    });

    it('accepts controllerId + channelId, and admins may create', async () => {
      const body = { controllerId: c.id, channelId: 6, name: 'Klima', type: 'sensor' };
      const res = await call<ScaleSaveResponse>('POST', '/api/scale', { user: admin, body });
      expect(res.status).toBe(200);
      expect(res.body.scale).toMatchObject({ channel: 6, type: 'sensor' });
    });

    it('creates on the channel of an archived scale (the channel is free again)', async () => {
      const res = await call<ScaleSaveResponse>('POST', '/api/scale', {
        user: owner,
        body: { channel: `${c.id}:2`, name: 'B' },
      });
      expect(res.status).toBe(200);
      // a new scale shows its channel's readings from its setup (now) on: the old readings are not its data
      expect(res.body.scale).toMatchObject({ channel: 2, state: 'active', weight: null, weightTime: null });
    });

    it.each([
      [{ channel: 'C:1', name: 'X' }, 'The channel must be 1 to 8'],
      [{ channel: `0:0`, name: 'X' }, 'The channel must be 1 to 8'],
      [{ channelId: 9, controllerId: 1, name: 'X' }, 'The channel must be 1 to 8'],
      [{ channelId: 0, controllerId: 1, name: 'X' }, 'The channel must be 1 to 8'],
      [{ name: 'X' }, 'Check your inputs'],
      [{ channel: '1:1', name: 'X', emptyWeight: -1 }, 'The weight must be between 0 and 10,000 kg'],
      [{ channel: '1:1', name: 'X', type: 'camera' }, 'Check your inputs'],
    ])('rejects %j with 400 and creates nothing', async (body, message) => {
      const before = await count(t.db, scales);
      const res = await call('POST', '/api/scale', { user: owner, body });
      expect(res.status).toBe(400);
      expect(res.message).toBe(message);
      expect(await count(t.db, scales)).toBe(before);
    });

    it('rejects an occupied channel with 400 and changes nothing', async () => {
      const before = await scalesOf(t.db, c.id);
      const res = await call('POST', '/api/scale', {
        user: owner,
        body: { channel: `${c.id}:1`, name: 'Doppelt' },
        lang: 'fr',
      });
      expect(res.status).toBe(400);
      expect(res.message).toBe("Un capteur est déjà configuré sur ce canal ; archivez-le d'abord");
      expect(await scalesOf(t.db, c.id)).toEqual(before);
    });
  });
});
