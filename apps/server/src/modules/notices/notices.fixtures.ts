import { eq } from 'drizzle-orm';
import type { RegionGeometry } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { notificationChannels, regions, users } from '../../db/schema';
import { box } from '../regions/regions.fixtures';

/** Test helpers of the notices (docs/notices.md): regions, channels and a host per brand. */

/** A rectangular region: global (`ownerId` null) or a user's own. */
export async function seedRegion(
  db: Db,
  name: string,
  [minLng, minLat, maxLng, maxLat]: [number, number, number, number],
  ownerId: number | null = null,
): Promise<number> {
  const [row] = await db
    .insert(regions)
    .values({
      ownerId,
      name,
      geometry: box(minLng, minLat, maxLng, maxLat) as RegionGeometry,
      minLng,
      minLat,
      maxLng,
      maxLat,
    })
    .returning({ id: regions.id });
  if (!row) throw new Error('region not inserted');
  return row.id;
}

let n = 0;
/** A notification channel of the user: confirmed (`active`) unless told otherwise. */
export async function seedChannel(
  db: Db,
  userId: number,
  type: 'email' | 'sms',
  status: 'active' | 'pending' | 'failing' = 'active',
) {
  n += 1;
  const address = type === 'email' ? `notice-${n}-${userId}@example.org` : `+4179${String(2_000_000 + n)}`;
  const [row] = await db
    .insert(notificationChannels)
    .values({ userId, type, address, status })
    .returning({ id: notificationChannels.id, address: notificationChannels.address });
  if (!row) throw new Error('channel not inserted');
  return row;
}

export const deactivate = (db: Db, userId: number) =>
  db.update(users).set({ active: false }).where(eq(users.id, userId));

/** The hosts of the two brands in the test app (BRAND_HOSTS of test/app.ts). */
export const HOSTS = { beekeeping: 'localhost', veterinary: 'vet.localhost' } as const;
