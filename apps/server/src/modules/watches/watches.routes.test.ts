import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Controller, Watch } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { watches } from '../../db/schema';
import {
  caller,
  count,
  seedController,
  watchesOf,
  type SeededController,
} from '../controllers/controllers.fixtures';

describe('GET, POST /api/controller/watches and DELETE /api/controller/watches/{code}', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, watcher: TestUser, other: TestUser, manager: TestUser, admin: TestUser;
  let c: SeededController, unowned: SeededController;
  const code = () => c.watchCode!;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    c = await seedController(t.db, { ownerId: owner.id, name: 'Obstgarten', affiliationId: aff });
    unowned = await seedController(t.db);
  });
  afterAll(() => t.close());

  it('401 for anonymous callers on every watch route', async () => {
    expect((await call('GET', '/api/controller/watches')).status).toBe(401);
    expect((await call('POST', '/api/controller/watches', { body: { code: code() } })).status).toBe(401);
    expect((await call('DELETE', `/api/controller/watches/${code()}`)).status).toBe(401);
    expect(await count(t.db, watches)).toBe(0);
  });

  it('adds a watch by code (spaces, hyphens and case ignored) and lists it', async () => {
    const typed = `${code().slice(0, 5).toLowerCase()}-${code().slice(5)} `;
    const res = await call<{ watch: Watch }>('POST', '/api/controller/watches', {
      user: watcher,
      body: { code: typed },
    });
    expect(res.status).toBe(200);
    expect(res.message).toBe('You are now watching this transmitter.');
    expect(res.body.watch).toMatchObject({
      code: code(),
      controllerId: c.id,
      controllerName: 'Obstgarten',
      owner: { userId: owner.id },
    });
    const again = await call('POST', '/api/controller/watches', { user: watcher, body: { code: code() } });
    expect(again.status).toBe(200); // idempotent
    const list = await call<Watch[]>('GET', '/api/controller/watches', { user: watcher });
    expect(list.body.map((w) => w.controllerId)).toEqual([c.id]);
    const controllers = await call<Controller[]>('GET', '/api/controller', { user: watcher });
    expect(controllers.body.map((x) => [x.id, x.readOnly])).toEqual([[c.id, true]]);
  });

  it('managers and admins may watch too; their lists hold only their own watches', async () => {
    for (const user of [manager, admin]) {
      expect((await call('POST', '/api/controller/watches', { user, body: { code: code() } })).status).toBe(
        200,
      );
      expect((await call<Watch[]>('GET', '/api/controller/watches', { user })).body).toHaveLength(1);
    }
    expect((await call<Watch[]>('GET', '/api/controller/watches', { user: other })).body).toEqual([]);
    expect((await call<Watch[]>('GET', '/api/controller/watches', { user: owner })).body).toEqual([]);
  });

  it('404 transmitterNotFound for one’s own controller, unknown codes; 400 for malformed codes', async () => {
    const before = await count(t.db, watches);
    for (const [user, body] of [
      [owner, { code: code() }],
      [other, { code: 'ZZZZZZZZZZ' }],
    ] as const) {
      const res = await call('POST', '/api/controller/watches', { user, body, lang: 'de' });
      expect(res.status).toBe(404);
      expect(res.message).toBe('Der Sender wurde nicht gefunden');
    }
    const bad = await call('POST', '/api/controller/watches', { user: other, body: { code: '!' } });
    expect([bad.status, bad.message]).toEqual([400, 'The transmitter was not found']);
    expect(unowned.watchCode).toBeNull();
    expect(await count(t.db, watches)).toBe(before);
  });

  it('a watcher cannot write to the watched controller or its scales', async () => {
    const res = await call('POST', `/api/controller/${c.id}`, { user: watcher, body: { name: 'Mine now' } });
    expect(res.status).toBe(403);
    const scale = await call('POST', '/api/scale', {
      user: watcher,
      body: { channel: `${c.id}:1`, name: 'X' },
    });
    expect(scale.status).toBe(403);
  });

  it('a user cannot delete another user’s watch; 404 and nothing removed', async () => {
    const before = await count(t.db, watches);
    const res = await call('DELETE', `/api/controller/watches/${code()}`, { user: other });
    expect([res.status, res.message]).toEqual([404, 'The transmitter was not found']);
    const own = await call('DELETE', `/api/controller/watches/${code()}`, { user: owner });
    expect(own.status).toBe(404);
    expect(await count(t.db, watches)).toBe(before);
  });

  it('removes the caller’s own watch only', async () => {
    const res = await call('DELETE', `/api/controller/watches/${code()}`, { user: watcher, lang: 'fr' });
    expect(res.status).toBe(200);
    expect(res.message).toBe("Vous n'observez plus cet émetteur.");
    const left = (await watchesOf(t.db, c.id)).map((w) => w.userId).sort();
    expect(left).toEqual([manager.id, admin.id].sort());
    expect((await call('GET', `/api/controller/${c.id}`, { user: watcher })).status).toBe(404);
  });
});
