import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shopAddressSchema, type ShopMode, type ShopValidateAnswer } from '@hivescope/contract';
import { placeOrder } from '../api';
import { orderBlockers, type Checkout } from '../checkout';
import { stepPath } from '../steps';
import { useShopCart } from '../useShopCart';
import { ItemTable, ValidationProblems } from './CartSummary';

type Props = {
  mode: ShopMode;
  checkout: Checkout;
  validation: { data: ShopValidateAnswer | undefined; error: Error | null; pending: boolean };
};

/**
 * Step "confirmation": the address and the items as the server priced them, then Pay. Card payment leaves
 * for the provider's page (which returns to completion or transaction failure); an invoice goes straight to
 * completion (spec §4 Checkout: fetching, then set with the payment data, or failed).
 */
export function ConfirmationStep({ mode, checkout, validation }: Props) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const [cart] = useShopCart();
  const blockers = orderBlockers(cart, checkout);
  const order = useMutation({
    mutationFn: () =>
      placeOrder({
        ...cart,
        address: shopAddressSchema.parse(cart.address),
        promoCode: checkout.promoCode.trim() || null,
        paymentMethod: checkout.paymentMethod,
        acceptTerms: true,
      }),
    meta: { silent: true },
    onSuccess: (answer) => {
      if (answer.paymentUrl) window.location.assign(answer.paymentUrl);
      else void navigate(`${stepPath(mode, 'completion')}?key=${encodeURIComponent(answer.key)}`);
    },
  });
  const { address } = cart;
  const ready = blockers.length === 0 && validation.data && !validation.error && !validation.pending;

  return (
    <Stack>
      <Title order={2}>{t('ui.step.confirmation')}</Title>
      <Title order={3} size="h4">
        {t('ui.confirmation.address')}
      </Title>
      <Text data-testid="shop-confirmation-address" style={{ whiteSpace: 'pre-line' }}>
        {[
          `${address.firstname} ${address.lastname}`.trim(),
          address.company,
          address.street,
          `${address.zip} ${address.city}`.trim(),
          address.country,
          address.email,
        ]
          .filter(Boolean)
          .join('\n')}
      </Text>
      <Text>{t(`ui.confirmation.paidBy.${checkout.paymentMethod}`)}</Text>
      <Title order={3} size="h4">
        {t('ui.confirmation.items')}
      </Title>
      {validation.data && !validation.error && <ItemTable answer={validation.data} />}
      <ValidationProblems error={validation.error} />
      {blockers.length > 0 && (
        <Alert color="yellow" data-testid="shop-blockers">
          <List size="sm">
            {blockers.map((key) => (
              <List.Item key={key}>{t(key)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {order.error && (
        <Alert color="red" data-testid="shop-order-error">
          {order.error.message}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          onClick={() => void navigate(stepPath(mode, 'payment'))}
          data-testid="shop-back"
        >
          {t('ui.back')}
        </Button>
        <Button
          disabled={!ready}
          loading={order.isPending || order.isSuccess}
          onClick={() => order.mutate()}
          data-testid="shop-pay"
        >
          {t(`ui.confirmation.pay.${checkout.paymentMethod}`)}
        </Button>
      </Group>
    </Stack>
  );
}
