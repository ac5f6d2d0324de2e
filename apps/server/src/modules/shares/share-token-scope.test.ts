import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareCreateResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast } from '../../../test/users';
import { caller, seedController, seedScale } from '../controllers/controllers.fixtures';

/**
 * A share token opens nothing but its own reads (docs/shares.md "What a token can read"): every API route of
 * the app, listed from Fastify itself (so a new route cannot be missed), answers a request that carries only
 * a valid share token exactly as it answers an anonymous one — and never with success where anonymous callers
 * are refused. Only GET share/view, GET series and GET intervention read with the token.
 */

type Route = { method: string; url: string };

/** The routes of `printRoutes({ commonPrefix: false })`'s tree: each line's segment added to its parent's path. */
function routesOf(tree: string): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S*) \(([^)]+)\)/.exec(line.replace(/ /g, ' '));
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) routes.push({ method, url: path });
  }
  return routes;
}

const TOKEN_READS = new Set(['GET /api/share/view', 'GET /api/series', 'GET /api/intervention']);

describe('a share token opens nothing else', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { owner } = await createCast(t.db);
    const c = await seedController(t.db, { ownerId: owner.id });
    const hive = await seedScale(t.db, c.id, 1);
    const res = await caller(t.app)<ShareCreateResponse>('POST', '/api/share', {
      user: owner,
      body: { scales: [hive], series: ['weight'], type: 'live', days: 7, kind: 'link' },
    });
    token = res.body.token;
  });
  afterAll(() => t.close());

  it('every other route answers the token exactly as an anonymous caller, never with success', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    // the tree parser found the app's routes, including ones deep in the tree
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({
      method: 'POST',
      url: '/api/admin/controller/:id/resetNotificationCount',
    });
    expect(routes).toContainEqual({ method: 'DELETE', url: '/api/share/:id' });
    const checked: string[] = [];
    for (const route of routes) {
      if (TOKEN_READS.has(`${route.method} ${route.url}`)) continue;
      const url = route.url.replace(/:[a-zA-Z]+/g, (p) => (p === ':code' ? 'ABCD-EFGH' : '1'));
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            'accept-language': 'en',
            ...headers,
            ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          ...(route.method === 'GET' ? {} : { payload: '{}' }),
        });
      const anonymous = await send({});
      const shared = await send({ 'x-share-token': token });
      expect({ route: `${route.method} ${url}`, status: shared.statusCode }).toEqual({
        route: `${route.method} ${url}`,
        status: anonymous.statusCode,
      });
      if (anonymous.statusCode >= 400) expect(shared.statusCode).toBeGreaterThanOrEqual(400);
      checked.push(`${route.method} ${url} ${shared.statusCode}`);
    }
    expect(checked.length).toBeGreaterThan(60);
    // the session-only routes are refused (401/403/404) for the token
    const refused = checked.filter((c) => / (401|403|404)$/.test(c));
    expect(refused.length).toBeGreaterThan(40);
    expect(checked).toContain('GET /api/share 401');
    expect(checked).toContain('DELETE /api/share/1 401');
    expect(checked).toContain('GET /api/controller 401');
  });
});
