import { z } from 'zod';
import { orderKeySchema } from './cart';

/**
 * POST controller/{id}/renew: redeems one use of a renewal code on the caller's own controller
 * (docs/shop.md "Renewal codes"). The code has the order-key format ("Invalid order key" otherwise).
 */
export const renewalRedeemRequestSchema = z.object({ code: orderKeySchema }).strict();
export type RenewalRedeemRequest = z.infer<typeof renewalRedeemRequestSchema>;

export const renewalRedeemAnswerSchema = z.object({
  message: z.string(),
  /** the controller's new subscription end (ISO 8601) */
  subscriptionEnd: z.string(),
  /** uses the code has left after this one */
  usesRemaining: z.number().int().min(0),
});
export type RenewalRedeemAnswer = z.infer<typeof renewalRedeemAnswerSchema>;
