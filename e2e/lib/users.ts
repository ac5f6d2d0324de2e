import { registerUser, sql } from './app';

/** A registered user who has completed the transmitter step (so the registration gate is open). */
export async function activeUser(opts: { locale?: string } = {}) {
  const user = await registerUser(opts);
  await sql('UPDATE users SET registration_pending = false WHERE id = $1', [user.userId]);
  return user;
}

export async function makeManager(userId: number, affiliationName: string) {
  const [aff] = await sql<{ id: number }>('INSERT INTO affiliations (name) VALUES ($1) RETURNING id', [
    affiliationName,
  ]);
  await sql('UPDATE users SET role = 2, affiliation_id = $2 WHERE id = $1', [userId, aff!.id]);
  return aff!.id;
}

/** The ADMIN_EMAIL account starts without contact data (and would see the forced profile form): fill it. */
export async function adminWithProfile(email: string) {
  await sql(
    `UPDATE users SET first_name = 'Ada', last_name = 'Admin', street = 'Zentralstrasse 1', zip = '8000',
       city = 'Zürich', country = 'CH', phone = '+41 44 000 00 00' WHERE email = $1`,
    [email],
  );
}
