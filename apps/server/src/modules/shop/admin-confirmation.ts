import type { AuthContext } from '../../http/auth';
import { confirmationMail } from './confirmation.mail';
import { renewalCodesOf } from './fulfil.repository';
import { invoiceOf } from './invoice';
import { mailAction } from './admin-orders.service';
import type { ShopContext } from './shop.context';

/**
 * "Resend confirmation" (docs/shop.md "Order administration"): the confirmation mail as the customer got it
 * (with the renewal codes or the new subscription end once paid, and an invoice order's PDF invoice), sent
 * again now, whatever the flag says. It sets invoiceSent when the PDF went with it (only over SMTP).
 */
export function sendConfirmationMail(shop: ShopContext, auth: AuthContext, orderId: number): Promise<void> {
  const attachments = !!shop.config.smtpUrl;
  return mailAction(shop, auth, orderId, {
    action: 'confirmationResent',
    mail: async (order) => {
      const invoice = await invoiceOf(shop.db, order);
      const mail = confirmationMail({
        order,
        renewalCodes: await renewalCodesOf(shop.db, order.id),
        publicUrl: shop.config.publicUrl,
        invoiceAttached: !!invoice,
      });
      if (invoice) mail.attachments = [{ ...invoice, contentType: 'application/pdf' }];
      return mail;
    },
    set: (mail) => ({
      confirmationSent: true,
      ...(mail.attachments?.length && attachments ? { invoiceSent: true } : {}),
    }),
    detail: (mail) => {
      const invoice = mail.attachments?.[0]?.filename;
      return invoice && attachments ? { invoice } : {};
    },
  });
}
