import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable';

/** One setting's stored JSON value, or undefined when never saved. */
export async function readSetting(db: Queryable, key: string): Promise<unknown> {
  const res = await db.execute<{ value: unknown }>(sql`SELECT value FROM global_settings WHERE key = ${key}`);
  return res.rows[0]?.value;
}

export async function writeSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.execute(sql`
    INSERT INTO global_settings (key, value) VALUES (${key}, ${JSON.stringify(value)}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`);
}
