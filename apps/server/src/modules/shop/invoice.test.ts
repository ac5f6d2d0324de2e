import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { formatQRReference, isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import type { Data } from 'swissqrbill/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopOrderAnswer, ShopOrderDetail } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { createCast } from '../../../test/users';
import { DEFAULT_SHOP_CONFIG_FILE, defaultShopConfig, parseShopConfig } from './config/shop-config';
import { invoiceReference } from './invoice-reference';
import { qrBillData, renderInvoicePdf } from './invoice.pdf';
import type { OrderRow } from './orders.repository';
import { orderBody, orderRow, shopCall, followAddressLink, isAddressMail } from './shop.fixtures';

/** Text of an uncompressed pdfkit PDF: its TJ hex strings (standard fonts, WinAnsi), one line each. */
function pdfText(pdf: Buffer): string {
  const body = pdf.toString('latin1');
  return [...body.matchAll(/\[(.*?)\] TJ/g)]
    .map((m) =>
      [...m[1]!.matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''),
    )
    .join('\n')
    .replace(/\x92/g, '’'); // WinAnsi's right single quote
}

/** ISO 7064 mod 97-10 as ISO 11649 defines it, written independently of the library. */
function mod97(reference: string): number {
  const moved = reference.slice(4) + reference.slice(0, 4);
  const digits = [...moved].map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  return [...digits].reduce((r, d) => (r * 10 + Number(d)) % 97, 0);
}

/** The library's own QR payload builder (not in its public exports; loaded from its file for the check). */
async function libraryQrData(data: Data): Promise<string> {
  const pdfEntry = createRequire(import.meta.url).resolve('swissqrbill/pdf');
  const file = path.join(path.dirname(pdfEntry), '../shared/qr-code.cjs');
  const mod = (await import(pathToFileURL(file).href)) as { generateQRData: (d: Data) => string };
  return mod.generateQRData(data);
}

const config = defaultShopConfig();
const invoiceConfig = config.invoice!;
const sampleOrder = {
  id: 4711,
  key: 'K7QD-4MXZ-92HT-PWAE',
  locale: 'fr',
  total: 47900,
  paymentMethod: 'invoice',
  createdAt: new Date('2026-11-26T10:00:00Z'),
  address: {
    firstname: 'Vreni',
    lastname: 'Honig',
    street: 'Bienenweg 3',
    zip: '3006',
    city: 'Bern',
    country: 'CH',
  },
  priced: {
    items: [
      { name: 'Émetteur', quantity: 1, amount: 34900 },
      { name: 'Abonnement', quantity: 1, amount: 11800 },
      { name: 'Colis', quantity: 1, amount: 1200 },
    ],
    discount: 0,
    rounding: 0,
    total: 47900,
    vat: { ratePercent: 8.1, amount: 3592 },
  },
} as unknown as OrderRow;

describe('invoice PDF with Swiss QR-bill (docs/shop.md "Invoice and QR-bill")', () => {
  it('the shipped config carries the SIX sample QR-IBAN; a wrong IBAN is refused with its line', () => {
    expect(invoiceConfig).toMatchObject({ iban: 'CH4431999123000889012', paymentDays: 30 });
    const yaml = fs
      .readFileSync(DEFAULT_SHOP_CONFIG_FILE, 'utf8')
      .replace('CH44 3199 9123 0008 8901 2', 'CH44 3199 9123 0008 8901 3');
    const result = parseShopConfig(yaml);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual([
        expect.objectContaining({
          path: 'invoice.iban',
          message: 'Give a valid Swiss or Liechtenstein IBAN (a QR-IBAN or an IBAN)',
        }),
      ]);
  });

  it('references: a QR reference for a QR-IBAN, an RF creditor reference from the key for an IBAN', () => {
    const qrr = invoiceReference('CH4431999123000889012', sampleOrder);
    expect(qrr).toMatch(/^0{22}4711\d$/);
    expect(isQRReferenceValid(qrr)).toBe(true);
    const scor = invoiceReference('CH9300762011623852957', sampleOrder);
    expect(scor).toMatch(/^RF\d\dK7QD4MXZ92HTPWAE$/);
    expect(isSCORReferenceValid(scor)).toBe(true);
    expect(mod97(scor)).toBe(1);
  });

  it('the QR data follows the Swiss Payment Standards layout (SPC / 0200 / 1, creditor, amount, reference, EPD)', async () => {
    const lines = (await libraryQrData(qrBillData(sampleOrder, invoiceConfig))).split('\n');
    expect(lines.slice(0, 4)).toEqual(['SPC', '0200', '1', 'CH4431999123000889012']);
    expect(lines.slice(4, 11)).toEqual(['S', 'Hivescope AG', 'Bienenstrasse 12', '', '3011', 'Bern', 'CH']);
    expect(lines.slice(18, 20)).toEqual(['479.00', 'CHF']);
    expect(lines.slice(20, 27)).toEqual(['S', 'Vreni Honig', 'Bienenweg 3', '', '3006', 'Bern', 'CH']);
    expect(lines.slice(27, 31)).toEqual([
      'QRR',
      invoiceReference(invoiceConfig.iban, sampleOrder),
      'Commande K7QD-4MXZ-92HT-PWAE',
      'EPD',
    ]);
    const scorLines = (
      await libraryQrData(qrBillData(sampleOrder, { ...invoiceConfig, iban: 'CH9300762011623852957' }))
    ).split('\n');
    expect(scorLines[27]).toBe('SCOR');
    expect(scorLines[28]).toMatch(/^RF\d\dK7QD4MXZ92HTPWAE$/);
  });

  it('the PDF holds provider, customer, key, items, VAT, total and the payment part', async () => {
    const pdf = await renderInvoicePdf(
      { order: sampleOrder, config, invoice: invoiceConfig },
      { compress: false },
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const part of [
      'Hivescope AG',
      'Vreni Honig',
      'Facture K7QD-4MXZ-92HT-PWAE',
      'Émetteur',
      '349.00',
      'TVA incluse 8.1 % : CHF 35.92',
      '479.00',
      'Section paiement',
      'CH44 3199 9123 0008 8901 2',
      formatQRReference(invoiceReference(invoiceConfig.iban, sampleOrder)),
      'Commande K7QD-4MXZ-92HT-PWAE',
      'Payable jusqu’au 2026-12-26',
    ])
      expect(text).toContain(part);
  });
});

describe('GET shop/order/{key}/invoice.pdf and the confirmation mail of an invoice order', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let call: ReturnType<typeof shopCall>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    call = shopCall(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the invoice PDF with the confirmation and serves it to whoever holds the key', async () => {
    const res = await call<ShopOrderAnswer>('POST', '/api/shop/order', { body: orderBody(), lang: 'de' });
    expect(res.status).toBe(201);
    const key = res.body.key;
    expect(await followAddressLink(t, key)).toBe(303);
    const mail = await smtp.waitFor((m) => m.subject === `Ihre Hivescope-Bestellung ${key}`);
    expect(mail.text).toContain('Die Rechnung mit QR-Einzahlungsschein liegt als PDF bei.');
    expect(mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      [`invoice-${key}.pdf`, 'application/pdf'],
    ]);
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/${key.toLowerCase()}/invoice.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${key}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString()).toContain('%%EOF');
  });

  it('404 for an unknown key or a card order, 400 "Invalid order key" for a malformed one', async () => {
    const res = await call<ShopOrderAnswer>('POST', '/api/shop/order', { body: orderBody() });
    const row = await orderRow(t.db, res.body.key);
    await t.db.execute(
      sql`UPDATE shop_orders SET payment_method = 'card', payment_state = 'paid' WHERE id = ${row!.id}`,
    );
    const card = await call('GET', `/api/shop/order/${res.body.key}/invoice.pdf`);
    expect([card.status, card.body.message]).toEqual([404, 'Not found']);
    const unknown = await call('GET', '/api/shop/order/ZZZZ-ZZZZ-ZZZZ-ZZZZ/invoice.pdf');
    expect(unknown.status).toBe(404);
    const bad = await call('GET', '/api/shop/order/nonsense/invoice.pdf', { lang: 'es' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Clave de pedido no válida']);
  });
});

describe('the invoiceSent flag (spec §3): set when the PDF invoice really went out', () => {
  it("over SMTP: set with the confirmation and by the admin's resend, which attaches the PDF again", async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const call = shopCall(t.app);
      const cast = await createCast(t.db);
      // the order's mails but its address link
      const orderMails = (key: string) =>
        smtp.messages.filter((m) => m.subject.includes(key) && !isAddressMail(m));
      const res = await call<ShopOrderAnswer>('POST', '/api/shop/order', { body: orderBody() });
      const key = res.body.key;
      expect(await followAddressLink(t, key)).toBe(303);
      await smtp.waitFor((m) => m.subject === `Your Hivescope order ${key}`);
      const row = await orderRow(t.db, key);
      expect(row).toMatchObject({ confirmationSent: true, invoiceSent: true });
      const [sent] = await t.db
        .execute<{ detail: unknown }>(
          sql`SELECT detail FROM shop_order_events WHERE order_id = ${row!.id} AND action = 'confirmationSent'`,
        )
        .then((r) => r.rows);
      expect(sent?.detail).toEqual({ invoice: `invoice-${key}.pdf` });

      // the admin sends the invoice again (with the confirmation): the flag is set by that send
      await t.db.execute(sql`UPDATE shop_orders SET invoice_sent = false WHERE id = ${row!.id}`);
      const resend = await call('POST', `/api/shop/orders/${row!.id}/resendConfirmation`, {
        user: cast.admin,
      });
      expect(resend.status).toBe(200);
      await expect.poll(() => orderMails(key).length).toBe(2);
      const again = orderMails(key)[1]!;
      expect(again.attachments.map((a) => a.filename)).toEqual([`invoice-${key}.pdf`]);
      expect((await orderRow(t.db, key))?.invoiceSent).toBe(true);
      const detail = await call<ShopOrderDetail>('GET', `/api/shop/orders/${row!.id}`, { user: cast.admin });
      expect(detail.body.flags.invoiceSent).toBe(true);
      expect(detail.body.events.at(-1)).toMatchObject({
        action: 'confirmationResent',
        userEmail: cast.admin.email,
        detail: { to: 'kundin@example.org', invoice: `invoice-${key}.pdf` },
      });

      // a card order has no invoice: its confirmation never sets the flag
      await t.db.execute(
        sql`UPDATE shop_orders SET payment_method = 'card', payment_state = 'paid', invoice_sent = false WHERE id = ${row!.id}`,
      );
      await call('POST', `/api/shop/orders/${row!.id}/resendConfirmation`, { user: cast.admin });
      await expect.poll(() => orderMails(key).length).toBe(3);
      expect(orderMails(key)[2]!.attachments).toEqual([]);
      expect((await orderRow(t.db, key))?.invoiceSent).toBe(false);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('without SMTP (the mail outbox keeps the text alone) the confirmation links the invoice, and the flag is set', async () => {
    const t = await createTestApp();
    try {
      const res = await shopCall(t.app)<ShopOrderAnswer>('POST', '/api/shop/order', { body: orderBody() });
      expect(res.status).toBe(201);
      const key = res.body.key;
      // an anonymous buyer's address gets its confirmation once its link was followed (docs/shop.md)
      expect(await followAddressLink(t, key)).toBe(303);
      expect(await orderRow(t.db, key)).toMatchObject({ confirmationSent: true, invoiceSent: true });
      const [mail] = await t.db
        .execute<{ text_body: string }>(
          sql`SELECT text_body FROM mail_outbox WHERE subject LIKE ${'%' + key + '%'} ORDER BY id DESC LIMIT 1`,
        )
        .then((r) => r.rows);
      // it does not claim an attachment it cannot carry; the download link stands in for it
      expect(mail?.text_body).toContain(`/api/shop/order/${key}/invoice.pdf`);
      expect(mail?.text_body).not.toContain('attached as a PDF');
    } finally {
      await t.close();
    }
  });
});
