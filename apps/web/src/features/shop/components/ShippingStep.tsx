import { Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHOP_COMMENT_MAX, type ShopCatalogue, type ShopMode } from '@hivescope/contract';
import { hasScales } from '../checkout';
import { formatChf } from '../format';
import { useShopCart } from '../useShopCart';
import { StepButtons } from './StepButtons';

const SHIP = 'ship';

/** Step "shipping": the parcel, the plates shipped or picked up at a place, and a comment. */
export function ShippingStep({ mode, catalogue }: { mode: ShopMode; catalogue: ShopCatalogue }) {
  const { t, i18n } = useTranslation('shop');
  const [cart, update] = useShopCart();
  const money = (centimes: number) => formatChf(centimes, i18n.language);
  const { provider, parcel, freeFrom, platePerScale } = catalogue.shipping;
  return (
    <Stack>
      <Title order={2}>{t('ui.step.shipping')}</Title>
      <Text>{t('ui.shipping.parcel', { provider, price: money(parcel) })}</Text>
      {freeFrom !== null && <Text size="sm">{t('ui.shipping.freeFrom', { amount: money(freeFrom) })}</Text>}
      {hasScales(cart) ? (
        <Radio.Group
          label={t('ui.shipping.plates')}
          value={cart.platePickup ?? SHIP}
          onChange={(value) => update((c) => ({ ...c, platePickup: value === SHIP ? null : value }))}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value={SHIP}
              label={t('ui.shipping.shipPlates', { price: money(platePerScale) })}
              data-testid="shop-plates-ship"
            />
            {catalogue.platePickup.map((place) => (
              <Radio
                key={place.id}
                value={place.id}
                label={t('ui.shipping.pickup', {
                  name: place.name,
                  address: place.address,
                  price: money(place.price),
                })}
                data-testid={`shop-plates-pickup-${place.id}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('ui.shipping.noPlates')}
        </Text>
      )}
      <Textarea
        label={t('ui.shipping.comment')}
        value={cart.comment}
        maxLength={SHOP_COMMENT_MAX}
        autosize
        minRows={3}
        onChange={(e) => {
          const comment = e.currentTarget.value;
          update((c) => ({ ...c, comment }));
        }}
        data-testid="shop-comment"
      />
      <StepButtons mode={mode} step="shipping" />
    </Stack>
  );
}
