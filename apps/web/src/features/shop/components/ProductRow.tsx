import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShopProduct } from '@hivescope/contract';
import { formatChf } from '../format';

/** A product with its price and description; the controls (amount, add) on the right, below on a phone. */
export function ProductRow({ product, children }: { product: ShopProduct; children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid={`shop-product-${product.id}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Text fw={600}>{product.name}</Text>
          {product.description && (
            <Text size="sm" c="dimmed">
              {product.description}
            </Text>
          )}
          <Text size="sm">{formatChf(product.price, i18n.language)}</Text>
        </Stack>
        {children}
      </Group>
    </Card>
  );
}
