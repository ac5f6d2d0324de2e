import type { Db } from '../../db/client';
import { hashPassword, sha256hex, verifyDigest } from '../password/password.hash';
import { findUserByEmail, insertUser, updateUser } from './users.repository';

export type EnsureAdminResult = 'created' | 'updated' | 'unchanged';

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD (plain): creates that admin, or makes the existing account an active admin
 * with this password. The hash is only rewritten when the password differs.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const existing = await findUserByEmail(db, admin.email);
  if (!existing) {
    const created = await insertUser(db, {
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      admin: true,
    });
    if (created) return 'created';
    return ensureAdmin(db, admin); // created concurrently by another instance
  }
  const samePassword = await verifyDigest(existing.passwordHash, sha256hex(admin.password));
  if (samePassword && existing.admin && existing.active) return 'unchanged';
  await updateUser(db, existing.id, {
    admin: true,
    active: true,
    ...(samePassword ? {} : { passwordHash: await hashPassword(admin.password) }),
  });
  return 'updated';
}
