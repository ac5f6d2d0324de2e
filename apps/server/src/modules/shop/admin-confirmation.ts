import type { AuthContext } from '../../http/auth';
import { confirmationMail } from './confirmation.mail';
import { renewalCodesOf } from './fulfil.repository';
import { mailAction } from './admin-orders.service';
import type { ShopContext } from './shop.context';

/**
 * "Resend confirmation" (docs/shop.md "Order administration"): the confirmation mail as the customer got it
 * (with the renewal codes or the new subscription end once paid), sent again now, whatever the flag says.
 */
export function sendConfirmationMail(shop: ShopContext, auth: AuthContext, orderId: number): Promise<void> {
  return mailAction(shop, auth, orderId, {
    action: 'confirmationResent',
    mail: async (order) =>
      confirmationMail({
        order,
        renewalCodes: await renewalCodesOf(shop.db, order.id),
        publicUrl: shop.config.publicUrl,
      }),
    set: { confirmationSent: true },
  });
}
