import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAccount, login, userRow } from '../../../test/auth';
import { users } from '../../db/schema';
import { ensureAdmin } from './ensure-admin';

describe('ensureAdmin (ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the admin, then leaves it alone, and logs in with the plain password', async () => {
    expect(await ensureAdmin(t.db, { email: 'root@example.org', password: 'admin secret' })).toBe('created');
    const before = await t.db.select().from(users).where(eq(users.email, 'root@example.org'));
    expect(await ensureAdmin(t.db, { email: 'root@example.org', password: 'admin secret' })).toBe(
      'unchanged',
    );
    expect(await t.db.select().from(users).where(eq(users.email, 'root@example.org'))).toEqual(before);
    const res = await login(t.app, 'root@example.org', 'admin secret');
    expect(res.json()).toMatchObject({ admin: true, userEmail: 'root@example.org' });
  });

  it('makes an existing account an active admin with the configured password', async () => {
    const u = await createAccount(t.db, { active: false });
    expect(await ensureAdmin(t.db, { email: u.email, password: 'configured 1' })).toBe('updated');
    expect(await userRow(t.db, u.id)).toMatchObject({ admin: true, active: true });
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(401);
    expect((await login(t.app, u.email, 'configured 1')).statusCode).toBe(200);
  });
});
