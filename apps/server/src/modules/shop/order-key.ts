import crypto from 'node:crypto';
import { ORDER_KEY_ALPHABET } from '@hivescope/contract';

/**
 * A new order key or renewal code: four groups of four characters of ORDER_KEY_ALPHABET drawn with
 * crypto.randomInt (31^16 ≈ 7·10^23 keys, about 79 bits: the key is the customer's secret to the order's
 * status page; docs/shop.md "Cart", Order key).
 */
export function newOrderKey(): string {
  const chars = Array.from(
    { length: 16 },
    () => ORDER_KEY_ALPHABET[crypto.randomInt(ORDER_KEY_ALPHABET.length)],
  );
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
