import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the SQL migrations in db/migrations (drizzle-kit generated), inside an advisory lock. */
export async function runMigrations(db: Db) {
  await migrate(db, { migrationsFolder });
}
