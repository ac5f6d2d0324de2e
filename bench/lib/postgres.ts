import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../../apps/server/src/db/client';
import { startEmbedded } from '../../apps/server/src/db/embedded';
import { runMigrations } from '../../apps/server/src/db/migrate';

export type Scratch = { label: string; url: string; db: Db; dispose: () => Promise<void> };

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function migrated(url: string) {
  const db = createDb(url, 4);
  await runMigrations(db);
  return db;
}

/** A fresh embedded PostgreSQL (the product's default) in a temp dir, migrated. */
export async function embeddedScratch(): Promise<Scratch> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-bench-'));
  const database = await startEmbedded(dir, 'bench');
  const db = await migrated(database.url);
  return {
    label: 'embedded PG',
    url: database.url,
    db,
    dispose: async () => {
      await db.$client.end();
      await database.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A scratch database on an external server (BENCH_DATABASE_URL), dropped afterwards. */
export async function externalScratch(adminUrl: string): Promise<Scratch> {
  const name = `hivescope_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const version = await admin.query<{ server_version: string }>('SHOW server_version');
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const db = await migrated(url);
  return {
    label: `external PG ${(version.rows[0]?.server_version ?? '').split(' ')[0]}`.trim(),
    url,
    db,
    dispose: async () => {
      await db.$client.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
