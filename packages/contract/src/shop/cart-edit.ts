import { CART_SCHEMA_VERSION } from '../constants';
import {
  SHOP_MAX_AMOUNT,
  shopAddressDraftSchema,
  shopCartSchema,
  shopModeSchema,
  type ShopCart,
  type ShopMode,
  type ShopPlate,
} from './cart';

/**
 * The cart's rules (docs/shop.md "Cart"): a fresh cart, the reset when the mode changes, amounts floored at
 * 0, scale lines, and the migration of a persisted cart of an older schema. Pure functions that return a
 * new cart, for the web app's store; the server applies the same schema when it prices a cart.
 */

export function freshCart(): ShopCart {
  return shopCartSchema.parse({});
}

/** An amount as the cart stores it: a whole number from 0 to SHOP_MAX_AMOUNT (NaN and negatives → 0). */
export function clampAmount(amount: number): number {
  if (!Number.isFinite(amount)) return amount === Infinity ? SHOP_MAX_AMOUNT : 0;
  return Math.min(SHOP_MAX_AMOUNT, Math.max(0, Math.floor(amount)));
}

/**
 * The cart reset by mode (spec §4): digital gives mode digital with 1 subscription; hardware+digital gives 1
 * transmitter (`defaultTransmitter`, the first transmitter of the shop config; none if not given). The
 * address is kept; everything else starts afresh.
 */
export function resetCartForMode(cart: ShopCart, mode: ShopMode, defaultTransmitter?: string): ShopCart {
  const fresh = { ...freshCart(), mode, address: { ...cart.address } };
  if (mode === 'digital') return { ...fresh, nofSubscriptions: 1 };
  return { ...fresh, controllers: defaultTransmitter ? { [defaultTransmitter]: 1 } : {} };
}

/** Sets a transmitter's or an accessory's amount, floored at 0 (the entry stays, with 0). */
export function setCartAmount(
  cart: ShopCart,
  group: 'controllers' | 'accessories',
  productId: string,
  amount: number,
): ShopCart {
  return { ...cart, [group]: { ...cart[group], [productId]: clampAmount(amount) } };
}

export function setNofSubscriptions(cart: ShopCart, amount: number): ShopCart {
  return { ...cart, nofSubscriptions: clampAmount(amount) };
}

/** Adds a scale line (`s1`, `s2`, …) and returns the cart and the new line's id. */
export function addScaleLine(
  cart: ShopCart,
  product: string,
  plate: ShopPlate,
  amount = 1,
): { cart: ShopCart; lineId: string } {
  const used = Object.keys(cart.scales).map((id) => Number(/^s(\d+)$/.exec(id)?.[1] ?? 0));
  const lineId = `s${Math.max(0, ...used) + 1}`;
  const line = { product, amount: clampAmount(amount), plate: { ...plate } };
  return { cart: { ...cart, scales: { ...cart.scales, [lineId]: line } }, lineId };
}

/** Changes a scale line's amount (floored at 0) or plate; an unknown line leaves the cart as it is. */
export function updateScaleLine(
  cart: ShopCart,
  lineId: string,
  change: { amount?: number; plate?: ShopPlate },
): ShopCart {
  const line = cart.scales[lineId];
  if (!line) return cart;
  const next = {
    ...line,
    ...(change.amount === undefined ? {} : { amount: clampAmount(change.amount) }),
    ...(change.plate ? { plate: { ...change.plate } } : {}),
  };
  return { ...cart, scales: { ...cart.scales, [lineId]: next } };
}

/** Removing a scale deletes its entry (spec §4). */
export function removeScaleLine(cart: ShopCart, lineId: string): ShopCart {
  const scales = { ...cart.scales };
  delete scales[lineId];
  return { ...cart, scales };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema version of a persisted cart: our `schemaVersion`, else redux-persist's `_persist.version`. */
function versionOf(persisted: Record<string, unknown>): unknown {
  if (persisted.schemaVersion !== undefined) return persisted.schemaVersion;
  return isRecord(persisted._persist) ? persisted._persist.version : undefined;
}

/** The address fields that still pass the schema; the others start empty. */
function salvageAddress(value: unknown): ShopCart['address'] {
  const address = shopAddressDraftSchema.parse({});
  if (!isRecord(value)) return address;
  const shape = shopAddressDraftSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const field = shape[key].safeParse(value[key]);
    if (field.success && value[key] !== undefined) Object.assign(address, { [key]: field.data });
  }
  return address;
}

/** A schema-6 cart that fails as a whole (one bad entry): every field that passes on its own is kept. */
function salvageFields(persisted: Record<string, unknown>): ShopCart {
  const cart = freshCart();
  const shape = shopCartSchema.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    if (key === 'address') continue;
    const field = shape[key].safeParse(persisted[key]);
    if (field.success && persisted[key] !== undefined) Object.assign(cart, { [key]: field.data });
  }
  return { ...cart, address: salvageAddress(persisted.address) };
}

/**
 * A persisted cart brought to schema 6 (docs/shop.md "Cart", Migration). What older schemas looked like is not
 * recorded, so only what is safe is kept:
 * - schema 6: the cart as it is; if it no longer parses, each field that does;
 * - schemas 1 to 5: the address (field by field) and the mode, with the reset of that mode — products, plates
 *   and amounts of an older cart are dropped, since their ids and meaning cannot be trusted;
 * - anything else (no version, a newer version, not an object): a fresh cart.
 */
export function migrateCart(persisted: unknown, defaultTransmitter?: string): ShopCart {
  if (!isRecord(persisted)) return freshCart();
  const version = versionOf(persisted);
  if (version === CART_SCHEMA_VERSION) {
    const cart = shopCartSchema.safeParse({ ...persisted, schemaVersion: CART_SCHEMA_VERSION });
    return cart.success ? cart.data : salvageFields(persisted);
  }
  if (
    typeof version === 'number' &&
    Number.isInteger(version) &&
    version >= 1 &&
    version < CART_SCHEMA_VERSION
  ) {
    const mode = shopModeSchema.safeParse(persisted.mode);
    const kept = { ...freshCart(), address: salvageAddress(persisted.address) };
    return resetCartForMode(kept, mode.success ? mode.data : 'hardware+digital', defaultTransmitter);
  }
  return freshCart();
}
