import { Alert, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setNofSubscriptions, type ShopCart, type ShopCatalogue, type ShopMode } from '@hivescope/contract';
import { useAppSelector } from '../../../app/store/hooks';
import { selectIsLoggedIn } from '../../../app/store/selectors';
import { useQuery } from '@tanstack/react-query';
import { controllerKeys, fetchControllers } from '../../../lib/controllers';
import { formatChf } from '../format';
import { useShopCart } from '../useShopCart';
import { AmountInput } from './AmountInput';
import { StepButtons } from './StepButtons';

/** Digital mode: for one of the customer's own transmitters, or as renewal codes. */
function SubscriptionTarget() {
  const { t } = useTranslation('shop');
  const [cart, update] = useShopCart();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // a visitor has no transmitters (GET controller needs a login; a 401 would send them to the login page)
  const controllers = useQuery({
    queryKey: controllerKeys.all,
    queryFn: fetchControllers,
    enabled: loggedIn,
  });
  // watched controllers are someone else's: only the owner's own ones can be extended here
  const own = loggedIn ? (controllers.data ?? []).filter((c) => !c.readOnly) : [];
  const forController = cart.subscriptionControllerId !== null;
  const codes = (c: ShopCart): ShopCart => ({
    ...setNofSubscriptions(c, Math.max(1, c.nofSubscriptions)),
    subscriptionControllerId: null,
  });

  return (
    <Stack>
      <Radio.Group
        label={t('ui.subscription.target')}
        value={forController ? 'controller' : 'codes'}
        onChange={(value) =>
          update((c) =>
            value === 'codes'
              ? codes(c)
              : { ...c, nofSubscriptions: 1, subscriptionControllerId: own[0]?.id ?? null },
          )
        }
      >
        <Stack gap="xs" mt="xs">
          <Radio value="codes" label={t('ui.subscription.codes')} data-testid="shop-subscription-codes" />
          <Radio
            value="controller"
            label={t('ui.subscription.forController')}
            disabled={own.length === 0}
            data-testid="shop-subscription-for-controller"
          />
        </Stack>
      </Radio.Group>
      {!loggedIn && <Text size="sm">{t('ui.subscription.loginHint')}</Text>}
      {forController ? (
        <Select
          label={t('ui.subscription.controller')}
          data={own.map((c) => ({ value: String(c.id), label: c.name || `#${c.id}` }))}
          value={String(cart.subscriptionControllerId)}
          allowDeselect={false}
          onChange={(value) => value && update((c) => ({ ...c, subscriptionControllerId: Number(value) }))}
          data-testid="shop-subscription-controller"
        />
      ) : (
        <AmountInput
          label={t('ui.subscription.nofCodes')}
          value={cart.nofSubscriptions}
          onChange={(n) => update((c) => setNofSubscriptions(c, n))}
          testId="shop-subscription-count"
        />
      )}
    </Stack>
  );
}

/** Step "subscription": the term in years; in the subscription shop also what it is for. */
export function SubscriptionStep({ mode, catalogue }: { mode: ShopMode; catalogue: ShopCatalogue }) {
  const { t, i18n } = useTranslation('shop');
  const [cart, update] = useShopCart();
  const { pricePerYear, years, quantityBonus } = catalogue.subscription;
  return (
    <Stack>
      <Title order={2}>{t('ui.step.subscriptions')}</Title>
      <Text>{t('ui.subscription.price', { price: formatChf(pricePerYear, i18n.language) })}</Text>
      <Radio.Group
        label={t('ui.subscription.years')}
        value={String(cart.subscriptionYears)}
        onChange={(value) => update((c) => ({ ...c, subscriptionYears: Number(value) }))}
      >
        <Group gap="md" mt="xs">
          {years.map((y) => (
            <Radio
              key={y}
              value={String(y)}
              label={t('ui.subscription.yearCount', { count: y })}
              data-testid={`shop-years-${y}`}
            />
          ))}
        </Group>
      </Radio.Group>
      {mode === 'digital' ? (
        <SubscriptionTarget />
      ) : (
        <Alert color="blue">{t('ui.subscription.perTransmitter')}</Alert>
      )}
      {quantityBonus.daysPerAdditional > 0 && (
        <Text size="sm" c="dimmed">
          {t('ui.subscription.bonus', {
            days: quantityBonus.daysPerAdditional,
            max: quantityBonus.maxDaysPerYear,
          })}
        </Text>
      )}
      <StepButtons mode={mode} step="subscriptions" />
    </Stack>
  );
}
