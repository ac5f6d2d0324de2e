import { z } from 'zod';
import { isIBANValid } from 'swissqrbill/utils';

/**
 * The optional `invoice` block of the shop config (docs/shop.md "Invoice and QR-bill"): the creditor printed
 * on the invoice and its QR-bill. Without it invoice orders get no PDF. A QR-bill account is a Swiss or
 * Liechtenstein IBAN (a QR-IBAN takes a QR reference, any other IBAN a creditor reference, invoice.ts).
 */
const text = (max: number) => z.string().trim().min(1).max(max);

export const invoiceConfigSchema = z.strictObject({
  iban: z
    .string()
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .refine((v) => /^(CH|LI)\d{7}[0-9A-Z]{12}$/.test(v) && isIBANValid(v), {
      message: 'shop:config.iban',
    }),
  // QR-bill field lengths (Swiss Payment Standards, Implementation Guidelines QR-bill 2.3): 70 / 16 / 35.
  creditor: z.strictObject({
    name: text(70),
    address: text(70),
    zip: z.union([z.string(), z.number()]).transform(String).pipe(text(16)),
    city: text(35),
    country: z.enum(['CH', 'LI'], { message: 'shop:config.invoiceCountry' }),
  }),
  /** Days from the order to the due date printed on the invoice. */
  paymentDays: z.number().int().min(1).max(120).default(30),
});

export type InvoiceConfig = z.infer<typeof invoiceConfigSchema>;
