import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isOrderKey, type ShopCatalogue, type ShopMode } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { useAppDispatch } from '../../../app/store/hooks';
import { cartModeEntered } from '../../../app/store/shopCartSlice';
import { useOrderStatus } from '../api';
import { formatChf } from '../format';
import { stepPath } from '../steps';
import { providerContact } from './AddressStep';
import { ItemTable } from './CartSummary';

function useOrderKey(): string | null {
  const [params] = useSearchParams();
  const key = params.get('key')?.trim().toUpperCase() ?? '';
  return isOrderKey(key) ? key : null;
}

/**
 * /shop/completion?key=… (and /subscriptionShop/completion): where the payment provider (or the invoice
 * order) returns to. Shows the order from GET shop/order/{key}; once it is placed the cart starts afresh.
 */
export function CompletionPage({
  mode,
  catalogue,
}: {
  mode: ShopMode;
  catalogue: ShopCatalogue | undefined;
}) {
  const { t, i18n } = useTranslation('shop');
  const dispatch = useAppDispatch();
  const key = useOrderKey();
  const status = useOrderStatus(key);
  const reset = useRef(false);
  const placed = status.data && status.data.payment !== 'failed';

  useEffect(() => {
    if (!placed || reset.current) return;
    reset.current = true;
    dispatch(cartModeEntered({ mode, defaultTransmitter: catalogue?.transmitters[0]?.id }));
  }, [placed, mode, catalogue, dispatch]);

  if (!key || status.isError)
    return (
      <Stack>
        <Title order={2}>{t('ui.step.completion')}</Title>
        <Alert color="red" data-testid="shop-completion-failure">
          {t(key ? 'errors:completionFailure' : 'errors:invalidOrderKey')}
        </Alert>
      </Stack>
    );
  if (!status.data) return <CenteredLoader label={t('ui.summary.fetching')} />;
  const order = status.data;
  if (order.payment === 'failed') return <TransactionFailurePage mode={mode} catalogue={catalogue} />;
  return (
    <Stack data-testid="shop-completion">
      <Title order={2}>{t('ui.step.completion')}</Title>
      <Alert
        color={order.payment === 'pending' ? 'blue' : 'green'}
        data-testid={`shop-payment-${order.payment}`}
      >
        {t(`ui.completion.payment.${order.payment}`)}
      </Alert>
      <Text>
        {t('ui.completion.key')} <Code data-testid="shop-order-key">{order.key}</Code>
      </Text>
      <Text fw={700} data-testid="shop-completion-total">
        {t('ui.completion.total', { total: formatChf(order.total, i18n.language) })}
      </Text>
      {order.renewalCodes.length > 0 && (
        <>
          <Title order={3} size="h4">
            {t('ui.completion.codes')}
          </Title>
          <List data-testid="shop-renewal-codes">
            {order.renewalCodes.map((code) => (
              <List.Item key={code}>
                <Code>{code}</Code>
              </List.Item>
            ))}
          </List>
          <RedeemHint mode={mode} />
        </>
      )}
      {order.subscription && (
        <Text data-testid="shop-subscription-extended">
          {t('ui.completion.extended', {
            date: new Date(order.subscription.endsAt).toLocaleDateString(i18n.language),
          })}
        </Text>
      )}
      <ItemTable answer={order.priced} />
      <Text size="sm">{t('ui.completion.mail')}</Text>
      {order.paymentMethod === 'invoice' && (
        <Anchor href={`/api/shop/order/${order.key}/invoice.pdf`} data-testid="shop-invoice-pdf">
          {t('invoice.download')}
        </Anchor>
      )}
      <Anchor component={Link} to={stepPath(mode, 'address')}>
        {t('ui.completion.again')}
      </Anchor>
    </Stack>
  );
}

/**
 * Where and when a renewal code is used (docs/shop.md "Renewal codes"): once the transmitter is registered (a
 * bought one: when it has arrived), in Settings → Controllers, its subscription line.
 */
function RedeemHint({ mode }: { mode: ShopMode }) {
  const { t } = useTranslation('shop');
  return (
    <Text size="sm" data-testid="shop-redeem-hint">
      {t(mode === 'digital' ? 'ui.completion.redeemDigital' : 'ui.completion.redeemHardware')}{' '}
      <Anchor component={Link} to="/settings?tab=controllers" data-testid="shop-redeem-link">
        {t('ui.completion.redeemWhere')}
      </Anchor>
    </Text>
  );
}

/** /shop/transactionFailure: the payment was cancelled or failed; the cart is kept for another try. */
export function TransactionFailurePage({
  mode,
  catalogue,
}: {
  mode: ShopMode;
  catalogue: ShopCatalogue | undefined;
}) {
  const { t } = useTranslation('shop');
  return (
    <Stack data-testid="shop-transaction-failure">
      <Title order={2}>{t('ui.step.transactionFailure')}</Title>
      <Alert color="red">{t('errors:transactionFailed')}</Alert>
      <Text>{t('ui.failure.text', { contact: providerContact(catalogue) })}</Text>
      <Group>
        <Button component={Link} to={stepPath(mode, 'confirmation')} data-testid="shop-failure-retry">
          {t('ui.failure.retry')}
        </Button>
        <Button
          component={Link}
          to={stepPath(mode, 'address')}
          variant="default"
          data-testid="shop-failure-back"
        >
          {t('ui.failure.back')}
        </Button>
      </Group>
    </Stack>
  );
}
