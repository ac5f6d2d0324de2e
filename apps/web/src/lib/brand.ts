import { BRANDS, type BrandId } from '@hivescope/contract';
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
    shopFeatures: true,
    supportUrl: 'https://hivescope.ch/support',
    externalShopUrl: null,
  },
  [BRANDS.veterinary]: {
    id: BRANDS.veterinary,
    name: 'Hivescope Vet',
    logo: logoVeterinary,
    forumUrl: null,
    shopFeatures: false,
    supportUrl: 'https://vet.hivescope.ch/support',
    externalShopUrl: 'https://hivescope.ch/shop',
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
