import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestDatabase } from './db';
import { createUser } from './users';

/**
 * How the web app and the API travel: hashed assets compressed and cached for a year, index.html compressed
 * and revalidated on every use, JSON answers compressed (brotli preferred, gzip otherwise).
 */

const ASSET = 'assets/index-AbCd1234.js';
const script = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `text number ${i}`))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/${ASSET}"></script></head><body>${'<!-- padding -->'.repeat(100)}<div id="root"></div></body></html>`;

let app: FastifyInstance;
let db: Db;
let dist: string;
let dispose: () => Promise<void>;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, ASSET), script);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), '{"index.html":{"file":"assets/index.js"}}');
  const database = await createTestDatabase();
  db = database.db;
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' });
  app = await buildApp({ config, db: database.db }, { logger: false, webDist: dist });
  await app.ready();
  dispose = async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(dist, { recursive: true, force: true });
  };
});

afterAll(async () => dispose());

const get = (url: string, encoding: string) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('web assets', () => {
  it('serves a hashed asset brotli-compressed with a one-year immutable cache', async () => {
    const res = await get(`/${ASSET}`, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 2);
  });

  it('falls back to gzip for a client without brotli', async () => {
    const res = await get(`/${ASSET}`, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves index.html compressed and never from cache without revalidation', async () => {
    for (const url of ['/', '/dashboard', '/settings?tab=profile']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });

  it('revalidates files outside /assets (no hash in their name)', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve the build records in dot-folders (the Vite manifest): the app page instead', async () => {
    const res = await get('/.vite/manifest.json', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(html);
  });

  it('sends uncompressed bytes to a client that accepts no encoding', async () => {
    const res = await get(`/${ASSET}`, 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(script);
  });
});

describe('API answers', () => {
  it('compresses a JSON answer (brotli, gzip) and leaves small ones as they are', async () => {
    const admin = await createUser(db, { admin: true });
    for (let i = 0; i < 10; i++) await createUser(db);
    const list = (encoding: string) =>
      app.inject({ url: '/api/admin/users', headers: { ...admin.headers, 'accept-encoding': encoding } });
    const br = await list('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    const users = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()) as { items: unknown[] };
    expect(users.items.length).toBeGreaterThanOrEqual(11);
    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(users);
    // Below 1 kB compressing costs more than it saves: sent as is.
    const small = await get('/api/app/config', 'br');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
