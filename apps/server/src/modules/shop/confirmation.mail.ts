import { pickLocale, type ShopValidateAnswer } from '@hivescope/contract';
import { composeMail, type MailBlock } from '../../mail/compose';
import type { MailMessage } from '../../mail/message';
import { translate } from '../../i18n';
import { chf } from './money';
import type { OrderRow } from './orders.repository';

export type ConfirmationData = {
  order: OrderRow;
  renewalCodes: string[];
  publicUrl: string;
  /** the PDF invoice goes with the mail */
  invoiceAttached?: boolean;
  /** the order has a PDF invoice the mail cannot carry (no SMTP): the mail links to its download instead */
  invoiceLinked?: boolean;
};

/**
 * The order confirmation (docs/shop.md "Confirmation mail"): key, items, total with VAT, and what was
 * delivered — renewal codes or the transmitter's new subscription end; for an invoice, that payment comes
 * first. The Message-ID is fixed per order, so a resent copy is recognisable as the same mail.
 */
export function confirmationMail({
  order,
  renewalCodes,
  publicUrl,
  invoiceAttached = false,
  invoiceLinked = false,
}: ConfirmationData): MailMessage {
  const locale = pickLocale(order.locale);
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(locale, `shop:mail.${key}`, { key: order.key, ...params });
  const priced = order.priced as ShopValidateAnswer;
  const money = (c: number) => chf(c, locale);
  const rows: [string, string][] = priced.items.map((i) => [`${i.quantity} × ${i.name}`, money(i.amount)]);
  if (priced.discount > 0) rows.push([t('discount'), `−${money(priced.discount)}`]);
  rows.push([t('total'), money(priced.total)]);
  rows.push([t('vat', { rate: priced.vat.ratePercent }), money(priced.vat.amount)]);
  const blocks: MailBlock[] = [
    t('greeting'),
    t(order.paymentState === 'paid' ? 'paid' : 'invoice'),
    { rows },
  ];
  if (invoiceAttached) blocks.push(translate(locale, 'shop:invoice.attached'));
  if (invoiceLinked)
    blocks.push({
      link: `${publicUrl}/api/shop/order/${order.key}/invoice.pdf`,
      label: translate(locale, 'shop:invoice.download'),
    });
  if (renewalCodes.length > 0) blocks.push(t('codes'), { rows: renewalCodes.map((c, n) => [`${n + 1}`, c]) });
  if (order.subscriptionEndsAt)
    blocks.push(t('subscription', { date: order.subscriptionEndsAt.toISOString().slice(0, 10) }));
  const shop = (order.cart as { mode?: string }).mode === 'digital' ? 'subscriptionShop' : 'shop';
  blocks.push(
    { link: `${publicUrl}/${shop}/completion?key=${order.key}`, label: t('status') },
    t('signature'),
  );
  const host = new URL(publicUrl).hostname || 'hivescope.local';
  const to = (order.address as { email: string }).email;
  return composeMail(locale, to, t('subject'), blocks, `<shop-order-${order.key}@${host}>`);
}
