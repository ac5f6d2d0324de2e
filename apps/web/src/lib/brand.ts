import { BRAND_SHOP, BRANDS, type BrandId } from '@hivescope/contract';
import logoBeekeeping from '../assets/logo-hivescope.svg';
import logoVeterinary from '../assets/logo-hivescope-vet.svg';

/** Per-brand configuration (docs/product.md §1). The brand itself comes from GET /api/app/config (host based). */
export type BrandConfig = {
  id: BrandId;
  name: string;
  logo: string;
  /** Shown on the beekeeping brand only. */
  forumUrl: string | null;
  /** In-app shop links (shop, subscription shop). */
  shopFeatures: boolean;
  supportUrl: string | null;
  externalShopUrl: string | null;
};

export const BRAND_CONFIGS: Record<BrandId, BrandConfig> = {
  [BRANDS.beekeeping]: {
    id: BRANDS.beekeeping,
    name: 'Hivescope',
    logo: logoBeekeeping,
    forumUrl: 'https://forum.hivescope.ch',
    supportUrl: 'https://hivescope.ch/support',
    // the shop flags are shared with the server, which refuses shop orders on a brand without them
    ...BRAND_SHOP[BRANDS.beekeeping],
  },
  [BRANDS.veterinary]: {
    id: BRANDS.veterinary,
    name: 'Hivescope Vet',
    logo: logoVeterinary,
    forumUrl: null,
    supportUrl: 'https://vet.hivescope.ch/support',
    ...BRAND_SHOP[BRANDS.veterinary],
  },
};

export function isBrandId(value: unknown): value is BrandId {
  return value === BRANDS.beekeeping || value === BRANDS.veterinary;
}

/**
 * The brand in effect: the local override (only honoured on localhost), else the server's choice,
 * else the beekeeping brand while the config loads.
 */
export function effectiveBrand(
  serverBrand: BrandId | undefined,
  override: BrandId | null,
  isLocal: boolean,
): BrandId {
  if (isLocal && override) return override;
  return serverBrand ?? BRANDS.beekeeping;
}
