import { eq } from 'drizzle-orm';
import { controllers } from '../../db/schema';
import type { Queryable } from '../users/users.repository';

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
