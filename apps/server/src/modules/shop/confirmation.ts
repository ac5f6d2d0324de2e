import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { confirmationMail } from './confirmation.mail';
import { renewalCodesOf } from './fulfil.repository';
import { invoiceOf } from './invoice';
import { addressOwned, findOrderById, recordOrderEvent, updateOrder } from './orders.repository';
import type { ConfirmOptions, ShopLog } from './shop.context';

/**
 * Sends an order's confirmation once (docs/shop.md "Confirmation mail"): after the payment's transaction has
 * committed, and again by the `shop-confirmation` job for every paid order still unconfirmed — a mail server
 * that is down delays the mail, it never loses it. Throws when the mail was not accepted.
 */
export async function sendConfirmation(
  deps: {
    db: Db;
    mailer: Mailer;
    log: ShopLog;
    publicUrl: string;
    /** whether mails carry attachments: over SMTP yes; the outbox without SMTP keeps the text alone */
    attachments: boolean;
  },
  orderId: number,
  opts: ConfirmOptions = {},
): Promise<void> {
  const order = await findOrderById(deps.db, orderId);
  // a card order is confirmed once paid, never while pending (its address link may come first)
  if (!order || order.confirmationSent || !['paid', 'invoice'].includes(order.paymentState)) return;
  // only to an address shown to own the order; an admin's action mails whom the admin decides
  if (!opts.byAdmin && !(await addressOwned(deps.db, order.id))) return;
  const renewalCodes = await renewalCodesOf(deps.db, order.id);
  // An invoice (prepay) order gets its PDF invoice with the QR-bill attached (docs/shop.md "Invoice and QR-bill").
  const invoice = await invoiceOf(deps.db, order);
  const attach = !!invoice && deps.attachments;
  const mail = confirmationMail({
    order,
    renewalCodes,
    publicUrl: deps.publicUrl,
    invoiceAttached: attach,
    invoiceLinked: !!invoice && !attach,
  });
  if (invoice && attach) mail.attachments = [{ ...invoice, contentType: 'application/pdf' }];
  await deps.mailer.deliver(mail);
  // the invoiceSent flag (spec §3) says the customer has the invoice: attached, or linked where mails carry
  // no attachment (the outbox without SMTP)
  const invoiceSent = !!invoice;
  await updateOrder(deps.db, order.id, { confirmationSent: true, ...(invoiceSent ? { invoiceSent } : {}) });
  await recordOrderEvent(deps.db, {
    orderId: order.id,
    actor: 'system',
    action: 'confirmationSent',
    detail: invoiceSent ? { invoice: invoice.filename } : null,
  });
}

/** The same, for callers that answer a request: a failure is logged (and recorded), the job retries. */
export async function trySendConfirmation(
  deps: Parameters<typeof sendConfirmation>[0],
  orderId: number,
  opts: ConfirmOptions = {},
): Promise<void> {
  try {
    await sendConfirmation(deps, orderId, opts);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    deps.log.error({ orderId, reason }, 'order confirmation not sent, the job retries');
    await recordOrderEvent(deps.db, {
      orderId,
      actor: 'system',
      action: 'confirmationFailed',
      detail: { reason },
    });
  }
}
