import type { Queryable } from '../../db/queryable';
import { notFound } from '../../http/errors';
import { activeShopConfig } from './active-config';
import { renderInvoicePdf } from './invoice.pdf';
import { findOrderByKey, type OrderRow } from './orders.repository';

export type InvoiceFile = { filename: string; content: Buffer };

/**
 * The PDF invoice of an invoice (prepay) order, or null for a card order or while the active shop config has
 * no `invoice` block (docs/shop.md "Invoice and QR-bill"). The creditor is the active config's; the figures
 * are the order's own, priced when it was placed.
 */
export async function invoiceOf(db: Queryable, order: OrderRow): Promise<InvoiceFile | null> {
  if (order.paymentMethod !== 'invoice') return null;
  const { config } = await activeShopConfig(db);
  if (!config.invoice) return null;
  const content = await renderInvoicePdf({ order, config, invoice: config.invoice });
  return { filename: `invoice-${order.key}.pdf`, content };
}

/** GET shop/order/{key}/invoice.pdf: the key is the customer's secret; no invoice is 404 like an unknown key. */
export async function invoiceByKey(db: Queryable, key: string): Promise<InvoiceFile> {
  const order = await findOrderByKey(db, key);
  const file = order ? await invoiceOf(db, order) : null;
  if (!file) throw notFound();
  return file;
}
