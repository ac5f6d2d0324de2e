/** Business constants (docs/product.md §9). One source for web, server and simulator. */
export const LOCALES = ['de', 'en', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';

export const UPDATE_INTERVAL_MIN = 1;
export const UPDATE_INTERVAL_MAX = 6;
export const IMSI_LENGTH = 15;
export const IMEI_LENGTH = 15;
export const SCALE_GAIN_MIN = 9;
export const SCALE_GAIN_MAX = 1100;
export const SCALE_GAIN_DEFAULT = 200;
export const CHANNELS_PER_CONTROLLER = 8;
export const LOAD_CELL_GROUP_SIZES = [1, 2, 4] as const;
export const MAX_LOAD_CELLS = 8;
export const PUBLIC_MAP_SHIFT_MIN_M = 100;
export const PUBLIC_MAP_SHIFT_MAX_M = 500;
export const MUTE_HOURS = [1, 2] as const;
export const MANAGER_ROLE_THRESHOLD = 2;
/** Role given to ordinary users; managers have role <= MANAGER_ROLE_THRESHOLD. */
export const DEFAULT_ROLE = 10;
export const BRANDS = { beekeeping: 1, veterinary: 2 } as const;
export type BrandId = 1 | 2;
/**
 * The shop of each brand (spec §1 "shop-features flag" and "external shop URL", docs/shop.md "Brands"): the
 * in-app shop, or none — then the external shop, if any, is where customers buy. The web app's brand config
 * and the server's refusal of `POST shop/validate` and `POST shop/order` both read this one table. Kept here,
 * in a file without zod, because the login page reads the brand config (docs/decisions.md "Web bundle and first load").
 */
export const BRAND_SHOP: Record<BrandId, { shopFeatures: boolean; externalShopUrl: string | null }> = {
  [BRANDS.beekeeping]: { shopFeatures: true, externalShopUrl: null },
  [BRANDS.veterinary]: { shopFeatures: false, externalShopUrl: 'https://hivescope.ch/shop' },
};
export const CART_SCHEMA_VERSION = 6;
export const DEFAULT_SUBSCRIPTION_YEARS = 2;
export const DEFAULT_CURRENCY = 'chf';
export const DEFAULT_COUNTRY = 'ch';
export const COUNTRIES_OFFERED = [
  'CH',
  'DE',
  'AT',
  'IT',
  'LI',
  'FR',
  'LU',
  'ES',
  'BE',
  'DK',
  'NL',
  'NO',
  'SE',
] as const;
export const MIN_CHART_START = '2016-01-01T00:00:00Z';
export const PERSIST_KEY_PREFIX = 'reduxPersist:';
export const QUERY_CACHE_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_MAX_MS = 30_000;
export const TOAST_STACK = 3;
export const DEFAULT_TIME_ZONE = 'Europe/Zurich';

export function isManagerRole(role: number): boolean {
  return role <= MANAGER_ROLE_THRESHOLD;
}
