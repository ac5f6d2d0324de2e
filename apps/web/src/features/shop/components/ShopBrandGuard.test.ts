import { describe, expect, it } from 'vitest';
import { BRAND_CONFIGS } from '../../../lib/brand';
import { shopAccess } from './ShopBrandGuard';

describe('which shop a brand shows (spec §1, docs/shop.md "Brands")', () => {
  it('the beekeeping brand has the in-app shop; the veterinary brand goes on to its external shop', () => {
    expect(shopAccess(BRAND_CONFIGS[1])).toEqual({ kind: 'shop' });
    expect(shopAccess(BRAND_CONFIGS[2])).toEqual({ kind: 'external', url: 'https://hivescope.ch/shop' });
  });

  it('a brand without shop features and without an external shop says the shop is not available', () => {
    expect(shopAccess({ shopFeatures: false, externalShopUrl: null })).toEqual({ kind: 'unavailable' });
    // shop features win over an external URL: the in-app shop is shown
    expect(shopAccess({ shopFeatures: true, externalShopUrl: 'https://x.example' })).toEqual({
      kind: 'shop',
    });
  });
});
