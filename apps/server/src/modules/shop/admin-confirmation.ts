import type { AuthContext } from '../../http/auth';
import { confirmationMail } from './confirmation.mail';
import { renewalCodesOf } from './fulfil.repository';
import { invoiceOf } from './invoice';
import { mailAction } from './admin-orders.service';
import type { ShopContext } from './shop.context';

/**
 * "Resend confirmation" (docs/shop.md "Order administration"): the confirmation mail as the customer got it
 * (with the renewal codes or the new subscription end once paid, and an invoice order's PDF invoice), sent
 * again now, whatever the flag says. It sets invoiceSent when the order has a PDF invoice: attached over SMTP,
 * linked for download where mails carry no attachment.
 */
export function sendConfirmationMail(shop: ShopContext, auth: AuthContext, orderId: number): Promise<void> {
  const attachments = !!shop.config.smtpUrl;
  // the file name of the order's invoice, when it has one: the mail carries it (SMTP) or links to it
  let invoiceFile: string | null = null;
  return mailAction(shop, auth, orderId, {
    action: 'confirmationResent',
    mail: async (order) => {
      const invoice = await invoiceOf(shop.db, order);
      invoiceFile = invoice?.filename ?? null;
      const mail = confirmationMail({
        order,
        renewalCodes: await renewalCodesOf(shop.db, order.id),
        publicUrl: shop.config.publicUrl,
        invoiceAttached: !!invoice && attachments,
        invoiceLinked: !!invoice && !attachments,
      });
      if (invoice && attachments) mail.attachments = [{ ...invoice, contentType: 'application/pdf' }];
      return mail;
    },
    // the customer has the invoice once the mail went: attached over SMTP, else as its download link
    set: () => ({ confirmationSent: true, ...(invoiceFile ? { invoiceSent: true } : {}) }),
    detail: () => (invoiceFile ? { invoice: invoiceFile } : {}),
  });
}
