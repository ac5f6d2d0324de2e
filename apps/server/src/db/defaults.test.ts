import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_ALARM_FROM_MINUTE,
  DEFAULT_ALARM_TO_MINUTE,
  DEFAULT_NOTIFICATION_TYPES,
} from '@hivescope/contract';
import { createTestDatabase } from '../../test/db';
import type { Db } from './client';

/**
 * The migrations write the alarm settings' column defaults as SQL; the contract's constants are their one
 * source, and the schema builds its defaults from them. A migrated database must agree: a constant changed
 * without a migration, or a migration without the constant, fails here.
 */
describe('column defaults of the migrated database follow the contract', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => ({ db, dispose } = await createTestDatabase()));
  afterAll(() => dispose());

  it('controller_alarm_settings: every notification type, the window 09:00–19:00', async () => {
    const { rows } = await db.execute<{ name: string; expr: string }>(sql`
      SELECT a.attname AS name, pg_get_expr(d.adbin, d.adrelid) AS expr
      FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
      WHERE d.adrelid = 'controller_alarm_settings'::regclass`);
    const valueOf = async (column: string) => {
      const expr = rows.find((r) => r.name === column)?.expr;
      expect(expr, `a default on ${column}`).toBeTruthy();
      // the expression comes from the database's own catalogue, evaluated as it would be on an insert
      const [row] = (await db.execute<{ v: unknown }>(sql.raw(`SELECT ${expr} AS v`))).rows;
      return row?.v;
    };
    expect(await valueOf('types')).toEqual([...DEFAULT_NOTIFICATION_TYPES]);
    expect(await valueOf('alarm_from_minute')).toBe(DEFAULT_ALARM_FROM_MINUTE);
    expect(await valueOf('alarm_to_minute')).toBe(DEFAULT_ALARM_TO_MINUTE);
  });
});
