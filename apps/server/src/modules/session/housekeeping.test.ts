import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAccount, sessionCount } from '../../../test/auth';
import { authAttempts, sessions } from '../../db/schema';
import { startAuthHousekeeping } from './housekeeping';

describe('auth housekeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes dead sessions and day-old rate-limit rows, keeps the rest', async () => {
    const live = await createAccount(t.db);
    const idle = await createAccount(t.db);
    const expired = await createAccount(t.db);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.userId, idle.id));
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, expired.id));
    await t.db.insert(authAttempts).values([
      {
        kind: 'login',
        ip: '10.0.0.1',
        email: 'a@example.org',
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      },
      { kind: 'login', ip: '10.0.0.1', email: 'a@example.org' },
    ]);
    const log = { warn: () => {} } as unknown as Parameters<typeof startAuthHousekeeping>[2];
    const stop = startAuthHousekeeping(t.db, t.config, log);
    await stop();
    expect(await sessionCount(t.db, live.id)).toBe(1);
    expect(await sessionCount(t.db, idle.id)).toBe(0);
    expect(await sessionCount(t.db, expired.id)).toBe(0);
    expect(await t.db.select().from(authAttempts)).toHaveLength(1);
  });
});
