import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ControllerSaveResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import {
  caller,
  controllerRow,
  scalesOf,
  seedController,
  seedScale,
  seedWatch,
  watchesOf,
  type SeededController,
} from './controllers.fixtures';

describe('POST /api/controller/{id}, watchcode/renew, channel/{ch}/archive', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let c: SeededController;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    c = await seedController(t.db, { ownerId: owner.id, affiliationId: aff, name: 'Original' });
    await seedWatch(t.db, watcher.id, c.id);
  });
  afterAll(() => t.close());

  describe('owner settings', () => {
    const url = () => `/api/controller/${c.id}`;

    it('401 for anonymous callers', async () => {
      const res = await call('POST', url(), { body: { name: 'X' } });
      expect(res.status).toBe(401);
      expect((await controllerRow(t.db, c.id)).name).toBe('Original');
    });

    it('lets the owner change the settings; a new location sets the time zone', async () => {
      const body = {
        name: 'Waldrand',
        location: { lat: 40.42, lng: -3.7 },
        updateInterval: 2,
        scaleGain: 400,
        signalFilter: true,
        displayOnPublicMap: true,
        channelConfig: [
          { channel: 1, kind: 'weight', cells: 2, combinedWith: [2] },
          { channel: 2, kind: 'weight', cells: 2, combinedWith: [1] },
          { channel: 3, kind: 'sensor' },
        ],
      };
      const res = await call<ControllerSaveResponse>('POST', url(), { user: owner, body, lang: 'fr' });
      expect(res.status).toBe(200);
      expect(res.message).toBe('Enregistré avec succès.');
      expect(res.body.controller).toMatchObject({ ...body, timeZone: 'Europe/Madrid', readOnly: false });
      const row = await controllerRow(t.db, c.id);
      expect(row).toMatchObject({
        name: 'Waldrand',
        lat: 40.42,
        lng: -3.7,
        timeZone: 'Europe/Madrid',
        scaleGain: 400,
      });
      const cleared = await call<ControllerSaveResponse>('POST', url(), {
        user: owner,
        body: { location: null },
      });
      expect(cleared.body.controller).toMatchObject({
        location: null,
        timeZone: 'Europe/Zurich',
        name: 'Waldrand',
      });
    });

    it('lets an admin change them too', async () => {
      const res = await call('POST', url(), { user: admin, body: { name: 'Admin edit' } });
      expect(res.status).toBe(200);
      expect((await controllerRow(t.db, c.id)).name).toBe('Admin edit');
    });

    it('refuses watchers (403), managers (403) and other users (404) and changes nothing', async () => {
      const before = await controllerRow(t.db, c.id);
      const cases = [
        [watcher, 403, 'A watched transmitter is read-only'],
        [manager, 403, 'You are not allowed to do this'],
        [other, 404, 'The transmitter was not found'],
      ] as const;
      for (const [user, status, message] of cases) {
        const res = await call('POST', url(), { user, body: { name: 'Hijack', updateInterval: 1 } });
        expect(res.status).toBe(status);
        expect(res.message).toBe(message);
      }
      expect(await controllerRow(t.db, c.id)).toEqual(before);
    });

    it.each([
      [{ updateInterval: 0 }, 'The update interval must be 1 to 6 hours'],
      [{ updateInterval: 7 }, 'The update interval must be 1 to 6 hours'],
      [{ updateInterval: 2.5 }, 'The update interval must be 1 to 6 hours'],
      [{ scaleGain: 8 }, 'The scale gain must be between 9 and 1100'],
      [{ scaleGain: 1101 }, 'The scale gain must be between 9 and 1100'],
      [{ name: '  ' }, 'Check your inputs'], // only "required" issues: the generic message, the field says "Field is required"
      [{ location: { lat: 91, lng: 0 } }, 'Invalid location'],
      [{ channelConfig: [{ channel: 9, kind: 'sensor' }] }, 'The channel must be 1 to 8'],
      [
        { channelConfig: [{ channel: 1, kind: 'weight', cells: 3 }] },
        'Load cells come in groups of 1, 2 or 4 per channel',
      ],
      [
        { channelConfig: [1, 2, 3].map((channel) => ({ channel, kind: 'weight', cells: 4 })) },
        'A transmitter has at most 8 load cells',
      ],
      [
        {
          channelConfig: [
            { channel: 1, kind: 'weight', cells: 1, combinedWith: [2, 3] },
            { channel: 2, kind: 'weight', cells: 1, combinedWith: [1, 3] },
            { channel: 3, kind: 'weight', cells: 1, combinedWith: [1, 2] },
          ],
        },
        'Combined channels form groups of 2, 4, 6 or 8 load-cell channels',
      ],
      [{ deviceTokenHash: 'x' }, 'Unknown field'],
    ])('rejects %j with a clear message and changes nothing', async (body, message) => {
      const before = await controllerRow(t.db, c.id);
      const res = await call('POST', url(), { user: owner, body });
      expect(res.status).toBe(400);
      expect(res.message).toBe(message);
      expect(await controllerRow(t.db, c.id)).toEqual(before);
    });
  });

  describe('watch code renewal', () => {
    const url = () => `/api/controller/${c.id}/watchcode/renew`;

    it('401 anonymous; 403 watcher, manager and admin; 404 other user — code and watches unchanged', async () => {
      const before = (await controllerRow(t.db, c.id)).watchCode;
      expect((await call('POST', url())).status).toBe(401);
      expect((await call('POST', url(), { user: watcher })).status).toBe(403);
      expect((await call('POST', url(), { user: manager })).status).toBe(403);
      expect((await call('POST', url(), { user: admin })).status).toBe(403);
      expect((await call('POST', url(), { user: other })).status).toBe(404);
      expect((await controllerRow(t.db, c.id)).watchCode).toBe(before);
      expect(await watchesOf(t.db, c.id)).toHaveLength(1);
    });

    it('gives the owner a new code and removes the existing watches', async () => {
      const before = (await controllerRow(t.db, c.id)).watchCode;
      const res = await call<{ watchCode: string }>('POST', url(), { user: owner, lang: 'de' });
      expect(res.status).toBe(200);
      expect(res.message).toContain('neuer Beobachtungscode');
      expect(res.body.watchCode).toMatch(/^[A-Z0-9]{10}$/);
      expect(res.body.watchCode).not.toBe(before);
      expect((await controllerRow(t.db, c.id)).watchCode).toBe(res.body.watchCode);
      expect(await watchesOf(t.db, c.id)).toHaveLength(0);
      await seedWatch(t.db, watcher.id, c.id);
    });
  });

  describe('channel archive', () => {
    beforeEach(async () => {
      const live = (await scalesOf(t.db, c.id)).filter((s) => s.state !== 'archived' && s.channel === 4);
      if (live.length === 0) await seedScale(t.db, c.id, 4);
    });
    const url = (ch: number | string = 4) => `/api/controller/${c.id}/channel/${ch}/archive`;
    const live4 = async () =>
      (await scalesOf(t.db, c.id)).filter((s) => s.channel === 4 && s.state !== 'archived');

    it('refuses anonymous (401), watcher (403), manager (403), other user (404); the scale stays live', async () => {
      expect((await call('POST', url())).status).toBe(401);
      expect((await call('POST', url(), { user: watcher })).message).toBe(
        'A watched transmitter is read-only',
      );
      expect((await call('POST', url(), { user: manager })).status).toBe(403);
      expect((await call('POST', url(), { user: other })).status).toBe(404);
      expect(await live4()).toHaveLength(1);
    });

    it('rejects channel 0 and 9 with 400', async () => {
      for (const ch of [0, 9, 'x']) {
        const res = await call('POST', url(ch), { user: owner });
        expect(res.status).toBe(400);
        expect(res.message).toBe('The channel must be 1 to 8');
      }
      expect(await live4()).toHaveLength(1);
    });

    it('archives the live scale for the owner (history kept), then 404 when the channel is empty', async () => {
      const res = await call('POST', url(), { user: owner, lang: 'es' });
      expect(res.status).toBe(200);
      expect(res.message).toContain('La báscula se ha archivado');
      const all = (await scalesOf(t.db, c.id)).filter((s) => s.channel === 4);
      expect(all.at(-1)).toMatchObject({ state: 'archived' });
      expect(all.at(-1)!.archivedAt).toBeInstanceOf(Date);
      expect(await live4()).toHaveLength(0);
      const again = await call('POST', url(5), { user: owner });
      expect(again.status).toBe(404);
      expect(again.message).toBe('The scale was not found');
    });

    it('lets an admin archive', async () => {
      expect((await call('POST', url(), { user: admin })).status).toBe(200);
      expect(await live4()).toHaveLength(0);
    });
  });
});
