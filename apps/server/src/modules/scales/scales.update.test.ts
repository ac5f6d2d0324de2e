import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScaleSaveResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import {
  caller,
  scalesOf,
  seedController,
  seedScale,
  seedWatch,
  type SeededController,
} from '../controllers/controllers.fixtures';

describe('POST /api/scale/{idscale}', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let c: SeededController;
  let scale: number, archived: number;
  const row = async (id: number) => (await scalesOf(t.db, c.id)).find((s) => s.id === id);

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    c = await seedController(t.db, { ownerId: owner.id, affiliationId: aff });
    scale = await seedScale(t.db, c.id, 1, { name: 'Volk A' });
    archived = await seedScale(t.db, c.id, 2, { state: 'archived', archivedAt: new Date() });
    await seedWatch(t.db, watcher.id, c.id);
  });
  afterAll(() => t.close());

  it('refuses anonymous (401), other user (404), watcher and manager (403) and changes nothing', async () => {
    const before = await row(scale);
    const body = { name: 'Hijack', state: 'deactivated' };
    const url = `/api/scale/${scale}`;
    expect((await call('POST', url, { body })).status).toBe(401);
    const asOther = await call('POST', url, { user: other, body });
    expect([asOther.status, asOther.message]).toEqual([404, 'The scale was not found']);
    const asWatcher = await call('POST', url, { user: watcher, body });
    expect([asWatcher.status, asWatcher.message]).toEqual([403, 'A watched transmitter is read-only']);
    expect((await call('POST', url, { user: manager, body })).status).toBe(403);
    expect(await row(scale)).toEqual(before);
  });

  it('lets the owner edit fields and the state', async () => {
    const body = {
      name: 'Volk B',
      visible: false,
      isBrood: true,
      emptyWeight: 18,
      reserves: 2.5,
      state: 'empty',
    };
    const res = await call<ScaleSaveResponse>('POST', `/api/scale/${scale}`, {
      user: owner,
      body,
      lang: 'es',
    });
    expect(res.status).toBe(200);
    expect(res.message).toBe('Guardado correctamente.');
    expect(res.body.scale).toMatchObject({ ...body, total: 20.5 });
    expect(await row(scale)).toMatchObject({ name: 'Volk B', state: 'empty', reserves: 2.5 });
  });

  it('lets an admin edit', async () => {
    const res = await call('POST', `/api/scale/${scale}`, { user: admin, body: { state: 'active' } });
    expect(res.status).toBe(200);
    expect((await row(scale))?.state).toBe('active');
  });

  it.each([
    [{ state: 'archived' }, 'Check your inputs'],
    [{ reserves: -2 }, 'The weight must be between 0 and 10,000 kg'],
    [{ name: '' }, 'Check your inputs'],
    [{ channel: 3 }, 'Unknown field'],
  ])('rejects %j with 400 and changes nothing', async (body, message) => {
    const before = await row(scale);
    const res = await call('POST', `/api/scale/${scale}`, { user: owner, body });
    expect(res.status).toBe(400);
    expect(res.message).toBe(message);
    expect(await row(scale)).toEqual(before);
  });

  it('keeps archived scales archived but allows renaming them', async () => {
    const res = await call('POST', `/api/scale/${archived}`, { user: owner, body: { state: 'active' } });
    expect(res.status).toBe(400);
    expect(res.message).toBe('An archived scale cannot be reactivated');
    expect((await row(archived))?.state).toBe('archived');
    const renamed = await call('POST', `/api/scale/${archived}`, {
      user: owner,
      body: { name: 'Archiv 2024' },
    });
    expect(renamed.status).toBe(200);
    expect(await row(archived)).toMatchObject({ name: 'Archiv 2024', state: 'archived' });
  });

  it('404 for unknown scales', async () => {
    expect((await call('POST', '/api/scale/999999', { user: admin, body: { name: 'x' } })).status).toBe(404);
  });
});
