import crypto from 'node:crypto';
import type { Db } from '../src/db/client';
import { affiliations, sessions, users } from '../src/db/schema';

export type TestUser = { id: number; email: string; cookie: string; headers: { cookie: string } };

let counter = 0;

/**
 * Creates an active user with a live session directly in the database (no login round trip, no argon2).
 * `cookie` is the `hs_session=<token>` header value; sessions.id is the SHA-256 hex of the token (modules/session).
 */
export async function createUser(
  db: Db,
  opts: {
    admin?: boolean;
    role?: number;
    affiliationId?: number | null;
    email?: string;
    locale?: string;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const email = opts.email ?? `user${counter}-${crypto.randomBytes(4).toString('hex')}@example.org`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: 'not-a-real-hash',
      admin: opts.admin ?? false,
      role: opts.role ?? 10,
      affiliationId: opts.affiliationId ?? null,
      locale: opts.locale ?? 'de',
      firstName: 'Test',
      lastName: `User ${counter}`,
      street: 'Bienenweg 1',
      zip: '8000',
      city: 'Zürich',
      country: 'CH',
      phone: '+41 44 000 00 00',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: crypto.createHash('sha256').update(token, 'utf8').digest('hex'),
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const cookie = `hs_session=${token}`;
  return { id: user.id, email, cookie, headers: { cookie } };
}

export async function createAffiliation(db: Db, name = 'Bieneninspektorat'): Promise<number> {
  const [row] = await db.insert(affiliations).values({ name }).returning({ id: affiliations.id });
  if (!row) throw new Error('affiliation not created');
  return row.id;
}

/**
 * The callers most API tests check a route with: an affiliation and one user of each kind around it.
 * `ownerAffiliated`: the owner is a user of the affiliation too (for calls about a user, e.g. user/{id}/scales).
 */
export async function createCast(db: Db, opts: { ownerAffiliated?: boolean } = {}) {
  const aff = await createAffiliation(db);
  return {
    aff,
    owner: await createUser(db, { affiliationId: opts.ownerAffiliated ? aff : null }),
    other: await createUser(db),
    watcher: await createUser(db),
    manager: await createUser(db, { role: 2, affiliationId: aff }),
    admin: await createUser(db, { admin: true }),
  };
}
