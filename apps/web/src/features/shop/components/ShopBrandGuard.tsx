import { useEffect, type ReactNode } from 'react';
import { Anchor, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../app/store/useBrand';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppConfig } from '../../../lib/appConfig';
import type { BrandConfig } from '../../../lib/brand';

export type ShopAccess = { kind: 'shop' } | { kind: 'external'; url: string } | { kind: 'unavailable' };

/**
 * Whether the brand has the in-app shop (spec §1, docs/shop.md "Brands"): yes; else its external shop, if it
 * has one; else none.
 */
export function shopAccess(brand: Pick<BrandConfig, 'shopFeatures' | 'externalShopUrl'>): ShopAccess {
  if (brand.shopFeatures) return { kind: 'shop' };
  if (brand.externalShopUrl) return { kind: 'external', url: brand.externalShopUrl };
  return { kind: 'unavailable' };
}

/**
 * Shows the shop only on a brand with shop features. A direct URL to /shop, /shop/{step} or /subscriptionShop
 * on another brand goes on to its external shop, or says the shop is not available here. It waits for the
 * brand (GET app/config) so the shop never flashes up, nor calls the server, on the wrong brand.
 */
export function ShopBrandGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shop');
  const config = useAppConfig();
  const brand = useBrand();
  const access = config.isPending ? null : shopAccess(brand);
  const external = access?.kind === 'external' ? access.url : null;

  useEffect(() => {
    if (external) window.location.replace(external);
  }, [external]);

  if (!access) return <CenteredLoader />;
  if (access.kind === 'shop') return children;
  return (
    <Container size="sm" py="md" data-testid="shop-not-here">
      <Stack align="flex-start">
        <PageTitle>{t('brand.title')}</PageTitle>
        {access.kind === 'external' ? (
          <Text data-testid="shop-external">
            {t('brand.external')}{' '}
            <Anchor href={access.url} data-testid="shop-external-link">
              {access.url}
            </Anchor>
          </Text>
        ) : (
          <>
            <Text data-testid="shop-unavailable-here">{t('brand.unavailable')}</Text>
            <Anchor component={Link} to="/" data-testid="shop-not-here-home">
              {t('brand.home')}
            </Anchor>
          </>
        )}
      </Stack>
    </Container>
  );
}
