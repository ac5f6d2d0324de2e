import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbedded } from '../src/db/embedded';
import { createDb } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

/**
 * Starts one PostgreSQL for the API suite — embedded in a temp dir, or the server of TEST_DATABASE_URL —
 * and builds a migrated template database. Each test file then clones its own database from the
 * template (test/db.ts), so files run in parallel without sharing rows.
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stop = async () => {};
  let dir: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-test-'));
    const database = await startEmbedded(dir, 'postgres');
    adminUrl = database.url;
    stop = database.stop;
  }
  const template = `hs_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const db = createDb(withDatabase(adminUrl, template), 2);
  await runMigrations(db);
  await db.$client.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname LIKE 'hs_%' AND pid <> pg_backend_pid()`,
    );
    const dbs = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'hs\\_%'`,
    );
    for (const { datname } of dbs.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}"`);
    await admin.end();
    await stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
