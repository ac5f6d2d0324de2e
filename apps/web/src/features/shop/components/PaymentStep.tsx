import { Anchor, Checkbox, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import type { ShopCatalogue, ShopMode } from '@hivescope/contract';
import type { Checkout } from '../checkout';
import { termsPath } from '../steps';
import { StepButtons } from './StepButtons';

type Props = {
  mode: ShopMode;
  catalogue: ShopCatalogue;
  checkout: Checkout;
  onChange: (change: Partial<Checkout>) => void;
  /** The server's message about the promo code (from validate), if any. */
  promoError: string | undefined;
};

/** Step "payment": card or invoice (prepay), the promo code, and the terms to accept. */
export function PaymentStep({ mode, catalogue, checkout, onChange, promoError }: Props) {
  const { t, i18n } = useTranslation('shop');
  const terms = (document: 'onlineServicesTerms' | 'productTerms') => (
    <Anchor
      href={termsPath(i18n.language, document)}
      target="_blank"
      data-testid={`shop-terms-link-${document}`}
    />
  );
  return (
    <Stack>
      <Title order={2}>{t('ui.step.payment')}</Title>
      <Radio.Group
        label={t('ui.payment.method')}
        value={checkout.paymentMethod}
        onChange={(value) => onChange({ paymentMethod: value === 'invoice' ? 'invoice' : 'card' })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="card" label={t('ui.payment.card')} data-testid="shop-pay-card" />
          <Radio value="invoice" label={t('ui.payment.invoice')} data-testid="shop-pay-invoice" />
        </Stack>
      </Radio.Group>
      {catalogue.promo.enabled && (
        <TextInput
          label={t('ui.payment.promoCode')}
          value={checkout.promoCode}
          maxLength={32}
          autoComplete="off"
          error={promoError}
          onChange={(e) => onChange({ promoCode: e.currentTarget.value })}
          data-testid="shop-promo-code"
        />
      )}
      <Checkbox
        checked={checkout.acceptTerms}
        onChange={(e) => onChange({ acceptTerms: e.currentTarget.checked })}
        label={
          <Text span size="sm">
            <Trans
              t={t}
              i18nKey="ui.payment.acceptTerms"
              components={{ online: terms('onlineServicesTerms'), product: terms('productTerms') }}
            />
          </Text>
        }
        data-testid="shop-accept-terms"
      />
      <StepButtons mode={mode} step="payment" />
    </Stack>
  );
}
