import crypto from 'node:crypto';

/**
 * Webhook signatures the way Stripe makes them (docs/shop.md "Payment"): the header
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret>`.
 * Shared by the verifier and the fake provider of the tests.
 */

/** Older (or newer) signatures are refused: a captured webhook cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

export function signWebhook(secret: string, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/** Whether the header signs exactly this body with the secret, within the tolerance (constant-time compare). */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/i.test(v))
    .some(([, v]) => crypto.timingSafeEqual(Buffer.from(v ?? '', 'hex'), expected));
}
