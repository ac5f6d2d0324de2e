import { shopPaymentEvents } from '../../../db/schema';
import type { Queryable } from '../../../db/queryable';

/**
 * Records a provider event's id in shop_payment_events; false when it was recorded before (a replay). Run it
 * in the transaction that applies the event, so a failure leaves neither (docs/shop.md "Payment").
 */
export async function claimPaymentEvent(tx: Queryable, eventId: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(shopPaymentEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ id: shopPaymentEvents.eventId });
  return rows.length === 1;
}
