import { pickLocale, type Locale, type ShopAddress, type ShopValidateAnswer } from '@hivescope/contract';
import { composeMail, type MailBlock } from '../../mail/compose';
import type { MailMessage } from '../../mail/message';
import { translate } from '../../i18n';
import { chf } from './money';
import { PLACEHOLDER, type ShopMailTemplate, type TemplatePlaceholder } from './config/shop-config.schema';
import type { OrderRow } from './orders.repository';

/**
 * The mails of the order actions (docs/shop.md "Order administration"): to the customer in the order's
 * language (offer, a template text, the request for an advance payment), to a commissioner in the admin's.
 */

type Links = { publicUrl: string };

function texts(locale: Locale, order: OrderRow) {
  return (key: string, params: Record<string, unknown> = {}) =>
    translate(locale, key.includes(':') ? key : `shop-admin:mail.${key}`, { key: order.key, ...params });
}

/** Items, discount, total and included VAT as label/value rows. */
function priceRows(order: OrderRow, locale: Locale): [string, string][] {
  const priced = order.priced as ShopValidateAnswer;
  const money = (c: number) => chf(c, locale);
  const t = texts(locale, order);
  const rows: [string, string][] = priced.items.map((i) => [`${i.quantity} × ${i.name}`, money(i.amount)]);
  if (priced.discount > 0) rows.push([t('shop:mail.discount'), `−${money(priced.discount)}`]);
  rows.push([t('shop:mail.total'), money(priced.total)]);
  rows.push([t('shop:mail.vat', { rate: priced.vat.ratePercent }), money(priced.vat.amount)]);
  return rows;
}

function statusLink(order: OrderRow, locale: Locale, { publicUrl }: Links): MailBlock {
  const shop = (order.cart as { mode?: string }).mode === 'digital' ? 'subscriptionShop' : 'shop';
  return {
    link: `${publicUrl}/${shop}/completion?key=${order.key}`,
    label: translate(locale, 'shop:mail.status'),
  };
}

/** A mail to the customer: `subject` (an i18n key, or the text itself), greeting, body, link, signature. */
function toCustomer(
  order: OrderRow,
  subject: { key: string } | { text: string },
  body: MailBlock[],
  links: Links,
  greeting = true,
): MailMessage {
  const locale = pickLocale(order.locale);
  const t = texts(locale, order);
  const blocks: MailBlock[] = [
    ...(greeting ? [t('shop:mail.greeting')] : []),
    ...body,
    statusLink(order, locale, links),
    t('shop:mail.signature'),
  ];
  const title = 'key' in subject ? t(subject.key) : subject.text;
  return composeMail(locale, (order.address as ShopAddress).email, title, blocks);
}

const note = (text: string | undefined): MailBlock[] => (text ? [text] : []);

/** An offer for the order: its items and total, how long the offer holds, and the admin's note. */
export function offerMail(order: OrderRow, text: string | undefined, links: Links): MailMessage {
  const locale = pickLocale(order.locale);
  const t = texts(locale, order);
  const body = [t('offerIntro'), { rows: priceRows(order, locale) }, ...note(text), t('offerValid')];
  return toCustomer(order, { key: 'offerSubject' }, body, links);
}

/** The order's values of the template placeholders, in the order's language (money in CHF, Swiss dates). */
export function placeholderValues(order: OrderRow, locale: Locale): Record<TemplatePlaceholder, string> {
  const a = order.address as ShopAddress;
  const date = new Intl.DateTimeFormat(`${locale}-CH`, { dateStyle: 'long', timeZone: 'Europe/Zurich' });
  return {
    key: order.key,
    firstname: a.firstname,
    lastname: a.lastname,
    company: a.company ?? '',
    email: a.email,
    total: chf(order.total, locale),
    orderDate: date.format(order.createdAt),
  };
}

/** A template's text with its placeholders filled (the config refuses unknown ones; any left stay empty). */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_all, name: string) => values[name] ?? '');
}

/**
 * "Send template": a stored template of the shop config in the order's language (its own subject and text,
 * which carries the greeting), the admin's text added below; or the admin's text alone under the order's
 * subject (docs/shop.md "Mail templates").
 */
export function templateMail(
  order: OrderRow,
  choice: { template?: ShopMailTemplate | undefined; text?: string | undefined },
  links: Links,
): MailMessage {
  const { template, text } = choice;
  if (!template) return toCustomer(order, { key: 'shop:mail.subject' }, note(text), links);
  const locale = pickLocale(order.locale);
  const values = placeholderValues(order, locale);
  const subject = fillTemplate(template.subject[locale], values);
  const body = [fillTemplate(template.body[locale], values), ...note(text)];
  return toCustomer(order, { text: subject }, body, links, false);
}

/** The request to pay the total in advance. */
export function advanceMail(order: OrderRow, links: Links): MailMessage {
  const locale = pickLocale(order.locale);
  const t = texts(locale, order);
  const body = [t('advanceIntro', { amount: chf(order.total, locale) }), { rows: priceRows(order, locale) }];
  return toCustomer(order, { key: 'advanceSubject' }, body, links);
}

/** The order for the commissioner who packs and ships it: the address, the items (plates with sizes). */
export function releaseMail(
  order: OrderRow,
  commissioner: { name: string; email: string },
  text: string | undefined,
  adminLocale: Locale,
): MailMessage {
  const t = texts(adminLocale, order);
  const a = order.address as ShopAddress;
  const lines = [
    a.company,
    `${a.firstname} ${a.lastname}`,
    a.street,
    `${a.zip} ${a.city}`,
    a.country,
    a.phone,
  ];
  const blocks: MailBlock[] = [
    t('releaseIntro', { name: commissioner.name }),
    t('releaseAddress'),
    lines.filter(Boolean).join('\n'),
    { rows: priceRows(order, adminLocale) },
    ...(order.userComment ? [t('releaseComment', { comment: order.userComment })] : []),
    ...note(text),
  ];
  return composeMail(adminLocale, commissioner.email, t('releaseSubject'), blocks);
}
