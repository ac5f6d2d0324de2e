import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// Return timestamps as ISO strings via Date (default) and int8/numeric as numbers where safe.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    /* a dropped idle connection is replaced on next use */
  });
  return drizzle(pool, { schema }) as Db;
}
