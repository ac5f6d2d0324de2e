import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data } from 'swissqrbill/types';
import { pickLocale, type ShopValidateAnswer } from '@hivescope/contract';
import { translate } from '../../i18n';
import type { ShopConfig } from './config/shop-config.schema';
import type { InvoiceConfig } from './config/invoice-config.schema';
import { invoiceReference } from './invoice-reference';
import type { OrderRow } from './orders.repository';

type Address = {
  firstname: string;
  lastname: string;
  company?: string;
  street: string;
  zip: string;
  city: string;
  country: string;
};

const QR_LANGUAGE = { de: 'DE', en: 'EN', fr: 'FR', es: 'EN' } as const;

/**
 * CHF as printed: 1’234.50 in every language. The PDF's standard fonts know only WinAnsi characters, so the
 * narrow spaces some locales group with are avoided.
 */
export const chfPlain = (centimes: number) =>
  (centimes / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, '’');

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** What the QR-bill encodes: creditor, amount of the order total, reference and the order key as message. */
export function qrBillData(order: OrderRow, invoice: InvoiceConfig): Data {
  const a = order.address as Address;
  const locale = pickLocale(order.locale);
  return {
    currency: 'CHF',
    amount: order.total / 100,
    creditor: { account: invoice.iban, ...invoice.creditor },
    debtor: {
      name: [a.company, `${a.firstname} ${a.lastname}`].filter(Boolean).join(', ').slice(0, 70),
      address: a.street.slice(0, 70),
      zip: a.zip,
      city: a.city.slice(0, 35),
      country: a.country,
    },
    reference: invoiceReference(invoice.iban, order),
    message: translate(locale, 'shop:invoice.message', { key: order.key }),
  };
}

export type InvoiceDocument = { order: OrderRow; config: ShopConfig; invoice: InvoiceConfig };

/**
 * The invoice of a prepaid order as PDF (docs/shop.md "Invoice and QR-bill"): provider, customer address,
 * order key, date and due date, the server's items with VAT and total, and the QR-bill payment part at the foot
 * of the page (swissqrbill on pdfkit). `compress: false` leaves the content streams readable for tests.
 */
export function renderInvoicePdf(doc: InvoiceDocument, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const { order, config, invoice } = doc;
  const locale = pickLocale(order.locale);
  const t = (key: string, params?: Record<string, unknown>) =>
    translate(locale, `shop:invoice.${key}`, params);
  const priced = order.priced as ShopValidateAnswer;
  const a = order.address as Address;
  const pdf = new PDFDocument({ size: 'A4', margin: 50, compress: opts.compress ?? true, lang: locale });
  pdf.info.Title = `${t('title')} ${order.key}`;
  pdf.info.Author = config.provider.name;
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const c = invoice.creditor;
  pdf.font('Helvetica-Bold').fontSize(12).text(config.provider.name);
  pdf.font('Helvetica').fontSize(9);
  pdf.text(`${c.address}, ${c.country}-${c.zip} ${c.city}`);
  pdf.text(
    [config.provider.email, config.provider.phone, config.provider.website].filter(Boolean).join(' · '),
  );
  pdf.moveDown(2).fontSize(10);
  for (const line of [a.company, `${a.firstname} ${a.lastname}`, a.street, `${a.zip} ${a.city}`])
    if (line) pdf.text(line, 320);
  pdf.moveDown(2);
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`${t('title')} ${order.key}`, 50);
  pdf.font('Helvetica').fontSize(10).moveDown(0.5);
  const due = new Date(order.createdAt.getTime() + invoice.paymentDays * 86_400_000);
  pdf.text(`${t('date')}: ${isoDate(order.createdAt)}    ${t('orderKey')}: ${order.key}`);
  pdf.moveDown();
  itemsTable(pdf, priced, t);
  pdf.moveDown();
  pdf.text(t('payable', { date: isoDate(due) }), 50, undefined, { width: 495 });

  const bill = new SwissQRBill(qrBillData(order, invoice), { language: QR_LANGUAGE[locale] });
  if (!SwissQRBill.isSpaceSufficient(pdf)) pdf.addPage();
  bill.attachTo(pdf);
  pdf.end();
  return done;
}

/** Items, discount, rounding, total and the included VAT, as the server priced them. */
function itemsTable(
  pdf: PDFKit.PDFDocument,
  priced: ShopValidateAnswer,
  t: (k: string, p?: Record<string, unknown>) => string,
) {
  const row = (left: string, qty: string, amount: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(left, 50, y, { width: 330 });
    const end = pdf.y;
    pdf.text(qty, 390, y, { width: 50, align: 'right' });
    pdf.text(amount, 450, y, { width: 95, align: 'right' });
    pdf.y = Math.max(end, pdf.y) + 3;
  };
  row(t('item'), t('quantity'), t('amount'), true);
  for (const item of priced.items) row(item.name, String(item.quantity), chfPlain(item.amount));
  if (priced.discount > 0) row(t('discount'), '', `-${chfPlain(priced.discount)}`);
  if (priced.rounding) row(t('rounding'), '', chfPlain(priced.rounding));
  row(t('total'), '', chfPlain(priced.total), true);
  pdf
    .font('Helvetica')
    .text(t('vat', { rate: priced.vat.ratePercent, amount: chfPlain(priced.vat.amount) }), 50);
}
