import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ShareCreateResponse, ShareView } from '@hivescope/contract';
import { buildApp } from '../../app';
import { createDb, type Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import { caller, seedController, seedReadings, seedScale } from '../controllers/controllers.fixtures';

/**
 * Two app servers on one database, as behind a load balancer (docs/operations.md): a share deleted through
 * one stops answering on the other at once, although the other had its token and answers cached
 * (docs/shares.md "Caching").
 */
describe('share revocation across app servers', () => {
  let a: TestApp;
  let bDb: Db;
  let b: FastifyInstance;
  let owner: TestUser;
  let hive: number;

  beforeAll(async () => {
    a = await createTestApp();
    // its own pool, so its own share caches (they are kept per database handle), as a second host has
    bDb = createDb(a.url, 4);
    b = await buildApp({ config: a.config, db: bDb }, { logger: false });
    await b.ready();
    owner = await createUser(a.db);
    const c = await seedController(a.db, { ownerId: owner.id });
    hive = await seedScale(a.db, c.id, 1, { name: 'Volk Linde' });
    await seedReadings(a.db, c.id, 1, [{ time: new Date(Date.now() - 3_600_000).toISOString(), weight: 40 }]);
  });
  afterAll(async () => {
    await b?.close();
    await bDb?.$client.end();
    await a?.close();
  });

  const onB = (token: string, url: string) =>
    b.inject({ method: 'GET', url, headers: { 'x-share-token': token, 'accept-language': 'en' } });

  it('a share deleted on server A answers 404 on server B at once, view and series, though B had cached both', async () => {
    const created = await caller(a.app)<ShareCreateResponse>('POST', '/api/share', {
      user: owner,
      body: { scales: [hive], series: ['weight'], type: 'live', days: 7, kind: 'link' },
    });
    expect(created.status).toBe(200);
    const token = created.body.token;

    const view = await onB(token, '/api/share/view');
    expect(view.statusCode).toBe(200);
    const { xmin, xmax } = view.json<ShareView>();
    const series = `/api/series?scales=${hive}&series=weight&xmin=${xmin}&xmax=${xmax}`;
    expect((await onB(token, series)).statusCode).toBe(200);
    // cached on B now: a second read answers the same
    expect((await onB(token, '/api/share/view')).statusCode).toBe(200);

    const deleted = await caller(a.app)('DELETE', `/api/share/${created.body.share.id}`, { user: owner });
    expect(deleted.status).toBe(200);

    for (const url of ['/api/share/view', series]) {
      const res = await onB(token, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'The share might have been removed or misconfigured' });
    }
  });
});
