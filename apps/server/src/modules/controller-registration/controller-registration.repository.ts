import { eq } from 'drizzle-orm';
import { controllers, users } from '../../db/schema';
import type { Queryable } from '../../db/queryable';

/** The controller with this IMSI, locked until the end of the transaction (two users registering at once). */
export async function lockControllerByImsi(db: Queryable, imsi: string) {
  const [row] = await db
    .select({
      id: controllers.id,
      imei: controllers.imei,
      ownerId: controllers.ownerId,
      activationDate: controllers.activationDate,
    })
    .from(controllers)
    .where(eq(controllers.imsi, imsi))
    .for('update');
  return row;
}

/** The user's transmitter registration is complete: the registration gate opens (docs/product.md §4). */
export async function completeTransmitterRegistration(db: Queryable, userId: number) {
  await db.update(users).set({ registrationPending: false }).where(eq(users.id, userId));
}
