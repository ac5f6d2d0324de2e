import {
  DEFAULT_SUBSCRIPTION_YEARS,
  type Locale,
  type ShopCatalogue,
  type ShopProduct,
} from '@hivescope/contract';
import type { ShopConfig } from './config/shop-config.schema';

type ConfigProduct = ShopConfig['products']['accessories'][number];

function product(p: ConfigProduct, locale: Locale): ShopProduct {
  return { id: p.id, name: p.name[locale], description: p.description?.[locale] ?? null, price: p.price };
}

/**
 * GET shop/config: what the shop screens show, derived from the active config in the request's language —
 * never the raw YAML (docs/shop.md "Catalogue"). Promo rules other than on/off stay on the server.
 */
export function catalogueOf(config: ShopConfig, locale: Locale): ShopCatalogue {
  const { provider, subscription, shipping } = config;
  return {
    currency: config.currency,
    vatRatePercent: config.vatRatePercent,
    provider: {
      name: provider.name,
      email: provider.email,
      phone: provider.phone,
      website: provider.website ?? null,
    },
    transmitters: config.products.transmitters.map((p) => product(p, locale)),
    scales: config.products.scales.map((p) => ({ ...product(p, locale), plate: p.plate })),
    accessories: config.products.accessories.map((p) => product(p, locale)),
    subscription: {
      pricePerYear: subscription.pricePerYear,
      years: subscription.years,
      defaultYears: DEFAULT_SUBSCRIPTION_YEARS,
      quantityBonus: subscription.quantityBonus,
    },
    shipping: {
      provider: shipping.provider,
      parcel: shipping.parcel,
      freeFrom: shipping.freeFrom,
      platePerScale: shipping.platePerScale,
    },
    platePickup: config.platePickup.map(({ id, name, address, price }) => ({ id, name, address, price })),
    promo: { enabled: config.promo.enabled },
  };
}
