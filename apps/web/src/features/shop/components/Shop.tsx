import { useEffect } from 'react';
import { Alert, Container, Grid, Stack } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShopCatalogue, ShopMode } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppDispatch, useAppSelector } from '../../../app/store/hooks';
import { cartModeEntered } from '../../../app/store/shopCartSlice';
import { isApiError } from '../../../lib/api';
import { useCatalogue } from '../api';
import { needsModeReset, type Checkout } from '../checkout';
import { useCheckout } from '../useCheckout';
import { pageOf, stepPath, type ShopStep } from '../steps';
import { useValidation } from '../useValidation';
import { AddressStep } from './AddressStep';
import { CartTotal } from './CartSummary';
import { ConfirmationStep } from './ConfirmationStep';
import { CompletionPage, TransactionFailurePage } from './EndPages';
import { HardwareStep } from './HardwareStep';
import { PaymentStep } from './PaymentStep';
import { ShippingStep } from './ShippingStep';
import { StepNav } from './StepNav';
import { SubscriptionStep } from './SubscriptionStep';

type StepProps = {
  mode: ShopMode;
  step: ShopStep;
  catalogue: ShopCatalogue;
  checkout: Checkout;
  setCheckout: (change: Partial<Checkout>) => void;
  validation: ReturnType<typeof useValidation>;
};

function StepContent({ mode, step, catalogue, checkout, setCheckout, validation }: StepProps) {
  const promoError = isApiError(validation.error) ? validation.error.fields?.promoCode : undefined;
  switch (step) {
    case 'address':
      return <AddressStep mode={mode} catalogue={catalogue} />;
    case 'hardware':
      return <HardwareStep mode={mode} catalogue={catalogue} />;
    case 'subscriptions':
      return <SubscriptionStep mode={mode} catalogue={catalogue} />;
    case 'shipping':
      return <ShippingStep mode={mode} catalogue={catalogue} />;
    case 'payment':
      return (
        <PaymentStep
          mode={mode}
          catalogue={catalogue}
          checkout={checkout}
          onChange={setCheckout}
          promoError={promoError}
        />
      );
    case 'confirmation':
      return <ConfirmationStep mode={mode} checkout={checkout} validation={validation} />;
  }
}

/**
 * The shop, step by step: hardware+digital at /shop/{step}, digital at /subscriptionShop/{step}
 * (docs/shop.md). Entering the other shop resets the cart by mode (spec §4); the cart is persisted, the
 * server prices it after each change.
 */
export function Shop({ mode }: { mode: ShopMode }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { step: param } = useParams();
  const page = pageOf(mode, param);
  const cart = useAppSelector((s) => s.shopCart);
  const catalogue = useCatalogue(i18n.language);
  const [checkout, setCheckout] = useCheckout();
  const validation = useValidation(cart, checkout.promoCode, i18n.language);
  const firstTransmitter = catalogue.data?.transmitters[0]?.id;
  const resetDue = needsModeReset(cart, mode);

  useEffect(() => {
    // wait for the catalogue: the hardware reset starts with its first transmitter
    if (resetDue && (firstTransmitter || catalogue.isError || mode === 'digital'))
      dispatch(cartModeEntered({ mode, defaultTransmitter: firstTransmitter }));
  }, [resetDue, mode, firstTransmitter, catalogue.isError, dispatch]);

  if (!page) return <Navigate to={stepPath(mode, 'address')} replace />;
  const title = t(`common:screens.${mode === 'digital' ? 'subscriptionShop' : 'shop'}`);

  return (
    <Container size="lg" py="md" px="sm" data-testid={`shop-${mode === 'digital' ? 'digital' : 'hardware'}`}>
      <PageTitle>{title}</PageTitle>
      {page.kind === 'end' ? (
        page.page === 'completion' ? (
          <CompletionPage mode={mode} catalogue={catalogue.data} />
        ) : (
          <TransactionFailurePage mode={mode} catalogue={catalogue.data} />
        )
      ) : catalogue.isError ? (
        <Alert color="red" data-testid="shop-unavailable">
          {t('errors:shopUnavailable')}
        </Alert>
      ) : !catalogue.data || resetDue ? (
        <CenteredLoader label={t('shop:ui.summary.fetching')} />
      ) : (
        <Stack>
          <StepNav mode={mode} current={page.step} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: page.step === 'confirmation' ? 12 : 8 }}>
              <StepContent
                mode={mode}
                step={page.step}
                catalogue={catalogue.data}
                checkout={checkout}
                setCheckout={setCheckout}
                validation={validation}
              />
            </Grid.Col>
            {page.step !== 'confirmation' && (
              <Grid.Col span={{ base: 12, md: 4 }}>
                <CartTotal validation={validation} startMode={page.step === 'address' ? mode : undefined} />
              </Grid.Col>
            )}
          </Grid>
        </Stack>
      )}
    </Container>
  );
}
