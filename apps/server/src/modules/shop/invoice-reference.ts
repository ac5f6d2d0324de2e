import { calculateQRReferenceChecksum, calculateSCORReferenceChecksum, isQRIBAN } from 'swissqrbill/utils';

/**
 * The payment reference of an invoice's QR-bill (docs/shop.md "Invoice and QR-bill"), so the operator's bank
 * statement names the order. The account decides the kind (Swiss Payment Standards): a QR-IBAN takes a QR
 * reference (27 digits, here the order id with its mod-10 check digit, since a key has letters), any other
 * IBAN an ISO 11649 creditor reference "RF" + check digits + the order key without hyphens.
 */
export function invoiceReference(iban: string, order: { id: number; key: string }): string {
  if (isQRIBAN(iban)) {
    const body = String(order.id).padStart(26, '0');
    return body + calculateQRReferenceChecksum(body);
  }
  const body = order.key.replace(/-/g, '');
  return `RF${calculateSCORReferenceChecksum(body)}${body}`;
}
