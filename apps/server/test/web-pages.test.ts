import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { createTestDatabase } from './db';
import { createUser } from './users';

/**
 * Which page a navigation gets (docs/decisions.md, "Web bundle and first load"): the login page lives outside
 * the single-page app; `/` and `/login` give it to visitors without a live session, `/` gives the app to
 * those with one and `/login` sends them on to their `from` path. Every other path gets the app.
 */

const APP = '<!doctype html><html><body><div id="root"></div><!-- app --></body></html>';
const LOGIN = '<!doctype html><html><body><!-- login page --></body></html>';

let app: FastifyInstance;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-web-pages-'));
  fs.writeFileSync(path.join(dist, 'index.html'), APP);
  fs.writeFileSync(path.join(dist, 'login.html'), LOGIN);
  const database = await createTestDatabase();
  db = database.db;
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' });
  app = await buildApp({ config, db }, { logger: false, webDist: dist });
  await app.ready();
  dispose = async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(dist, { recursive: true, force: true });
  };
});

afterAll(async () => dispose());

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('pages by session', () => {
  it('gives the login page at / and /login to a visitor without a session, revalidated on every use', async () => {
    for (const url of ['/', '/login', '/login?from=%2Ftimeline', '/?lang=fr']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.payload, url).toBe(LOGIN);
    }
  });

  it('gives the app at / to a visitor with a live session', async () => {
    const user = await createUser(db);
    const res = await get('/', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.payload).toBe(APP);
  });

  it('sends a logged-in visitor of /login to the same-origin `from` path, else to the dashboard', async () => {
    const user = await createUser(db);
    const cases: Array<[string, string]> = [
      ['/login', '/dashboard'],
      ['/login?from=%2Ftimeline', '/timeline'],
      ['/login?from=%2Fsettings%3Ftab%3Dprofile', '/settings?tab=profile'],
      ['/login?from=%2F%2Fevil.example.org%2Fx', '/dashboard'],
      ['/login?from=https%3A%2F%2Fevil.example.org', '/dashboard'],
      ['/login?from=%2Flogin', '/dashboard'],
    ];
    for (const [url, target] of cases) {
      const res = await get(url, user.cookie);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(target);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('treats a dead session as none: the login page, and the cookie is cleared', async () => {
    const user = await createUser(db);
    await db.update(users).set({ active: false }).where(eq(users.id, user.id));
    for (const url of ['/', '/login']) {
      const res = await get(url, user.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.payload, url).toBe(LOGIN);
      expect(String(res.headers['set-cookie'])).toMatch(/hs_session=;/);
    }
    const unknown = await get('/', 'hs_session=not-a-session');
    expect(unknown.payload).toBe(LOGIN);
  });

  it('gives the app on every other path, with or without a session', async () => {
    const user = await createUser(db);
    for (const url of ['/dashboard', '/password/request', '/registration', '/settings?tab=profile']) {
      expect((await get(url)).payload, url).toBe(APP);
      expect((await get(url, user.cookie)).payload, url).toBe(APP);
    }
  });
});
