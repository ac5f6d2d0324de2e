import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { controllerSchema, type Controller } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import { insertController, report, type TestController } from '../device/device.fixtures';
import { caller, seedScale, seedWatch } from './controllers.fixtures';

/**
 * GET controller keeps each built row while its stamp is unchanged (list-cache.ts, docs/controllers.md
 * "Dashboard list at fleet size"). These tests check that every change a row shows is seen on the very next
 * call after it has been kept, and that the text sent is exactly the contract.
 */
describe('GET /api/controller rows kept between calls', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, watcher: TestUser;
  let c: TestController;
  let scale: number;

  const list = async (user: TestUser) => {
    const res = await call<Controller[]>('GET', '/api/controller', { user });
    expect(res.status).toBe(200);
    return res.body;
  };
  const raw = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/controller', headers: { cookie: user.cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    owner = await createUser(t.db);
    watcher = await createUser(t.db);
    c = await insertController(t.db);
    // no watch code yet: the first owner call gives it one
    await t.db.execute(
      sql`UPDATE controllers SET owner_id = ${owner.id}, registered_at = now() WHERE id = ${c.id}`,
    );
    scale = await seedScale(t.db, c.id, 1);
    await seedWatch(t.db, watcher.id, c.id);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('sends exactly the contract, the same text on a repeated call, with a JSON content type', async () => {
    const first = await raw(owner);
    const second = await raw(owner);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    const body: unknown = first.json();
    // the parse drops any key outside the contract: equal means none was sent
    expect(z.array(controllerSchema).parse(body)).toEqual(body);
    expect((body as Controller[])[0]?.watchCode).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('shows a device report’s values on the next call', async () => {
    expect((await list(owner))[0]?.scales[0]?.weight).toBeNull();
    const body = report(c, { count: 2, channels: [1] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/report',
      headers: { authorization: `Bearer ${c.token}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const last = body.readings.at(-1)?.channels[0]?.weight;
    expect(last).toBeGreaterThan(0);
    for (const user of [owner, watcher]) {
      const [row] = await list(user);
      expect(row?.scales[0]?.weight).toBe(last);
      expect(row?.lastUpdate).not.toBeNull();
    }
  });

  it('shows a scale edit and a new scale on the next call', async () => {
    await list(owner);
    const res = await call('POST', `/api/scale/${scale}`, { user: owner, body: { name: 'Neuer Name' } });
    expect(res.status).toBe(200);
    expect((await list(owner))[0]?.scales[0]?.name).toBe('Neuer Name');
    await seedScale(t.db, c.id, 4);
    expect((await list(watcher))[0]?.scales.map((s) => s.channel)).toEqual([1, 4]);
  });

  it('shows the owner’s new email to a watcher on the next call', async () => {
    await list(watcher);
    await t.db.execute(
      sql`UPDATE users SET email = ${`renamed-${owner.id}@example.org`} WHERE id = ${owner.id}`,
    );
    expect((await list(watcher))[0]?.owner?.email).toBe(`renamed-${owner.id}@example.org`);
  });

  it('changes the subscription state when its time comes, with nothing written', async () => {
    await t.db.execute(
      sql`UPDATE controllers SET subscription_end = now() + interval '30 days 1 minute' WHERE id = ${c.id}`,
    );
    expect((await list(owner))[0]?.subscriptionState).toBe('active');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000);
    expect((await list(owner))[0]?.subscriptionState).toBe('expiringSoon');
  });

  it('drops a controller from the watcher’s list once the watch code is renewed', async () => {
    expect(await list(watcher)).toHaveLength(1);
    const res = await call('POST', `/api/controller/${c.id}/watchcode/renew`, { user: owner });
    expect(res.status).toBe(200);
    expect(await list(watcher)).toEqual([]);
    expect(await list(owner)).toHaveLength(1);
  });
});
