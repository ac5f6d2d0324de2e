import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/client';
import { withDatabase } from './global-setup';

/** A fresh, migrated database for one test file (cloned from the template). Call dispose() in afterAll. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; dispose: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `hs_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const db = createDb(url, 5);
  return {
    db,
    url,
    dispose: async () => {
      await db.$client.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
