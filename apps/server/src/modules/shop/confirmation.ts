import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { confirmationMail } from './confirmation.mail';
import { renewalCodesOf } from './fulfil.repository';
import { invoiceOf } from './invoice';
import { findOrderById, recordOrderEvent, updateOrder } from './orders.repository';
import type { ShopLog } from './shop.context';

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
): Promise<void> {
  const order = await findOrderById(deps.db, orderId);
  if (!order || order.confirmationSent) return;
  const renewalCodes = await renewalCodesOf(deps.db, order.id);
  // An invoice (prepay) order gets its PDF invoice with the QR-bill attached (docs/shop.md "Invoice and QR-bill").
  const invoice = await invoiceOf(deps.db, order);
  const mail = confirmationMail({
    order,
    renewalCodes,
    publicUrl: deps.publicUrl,
    invoiceAttached: !!invoice,
  });
  if (invoice) mail.attachments = [{ ...invoice, contentType: 'application/pdf' }];
  await deps.mailer.deliver(mail);
  // the invoiceSent flag (spec §3) says the PDF really went out: only when the mail could carry it
  const invoiceSent = !!invoice && deps.attachments;
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
): Promise<void> {
  try {
    await sendConfirmation(deps, orderId);
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
