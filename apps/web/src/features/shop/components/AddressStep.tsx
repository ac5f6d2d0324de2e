import { useMemo, useState } from 'react';
import { Alert, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTRIES_OFFERED, isShopCountry, type ShopCatalogue, type ShopMode } from '@hivescope/contract';
import { addressProblems } from '../checkout';
import { useShopCart } from '../useShopCart';
import { StepButtons } from './StepButtons';

const FIELDS = [
  { name: 'email', autoComplete: 'email', type: 'email', required: true },
  { name: 'firstname', autoComplete: 'given-name', required: true },
  { name: 'lastname', autoComplete: 'family-name', required: true },
  { name: 'company', autoComplete: 'organization', required: false },
  { name: 'street', autoComplete: 'street-address', required: true },
  { name: 'zip', autoComplete: 'postal-code', required: true },
  { name: 'city', autoComplete: 'address-level2', required: true },
  { name: 'phone', autoComplete: 'tel', type: 'tel', required: false },
] as const;

type Field = (typeof FIELDS)[number]['name'];

/** The provider's contact as one line: name, email, phone. */
export function providerContact(catalogue: ShopCatalogue | undefined): string {
  if (!catalogue) return '';
  const { name, email, phone } = catalogue.provider;
  return [name, email, phone].filter(Boolean).join(', ');
}

/** Step "address": delivery to Switzerland only; another country is told to contact the provider. */
export function AddressStep({ mode, catalogue }: { mode: ShopMode; catalogue: ShopCatalogue | undefined }) {
  const { t, i18n } = useTranslation();
  const [cart, update] = useShopCart();
  const [shown, setShown] = useState<Record<string, string>>({});
  const address = cart.address;
  const swiss = isShopCountry(address.country);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRIES_OFFERED.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, [i18n.language]);

  const setField = (field: Field | 'country', value: string) => {
    update((c) => ({ ...c, address: { ...c.address, [field]: value } }));
    if (shown[field]) setShown(({ [field]: _, ...rest }) => rest);
  };

  return (
    <Stack>
      <Title order={2}>{t('shop:ui.step.address')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={t(`shop:ui.address.${field.name}`)}
            type={'type' in field ? field.type : 'text'}
            autoComplete={field.autoComplete}
            withAsterisk={field.required}
            value={address[field.name]}
            error={shown[field.name] ? t(shown[field.name] ?? '') : undefined}
            onChange={(e) => setField(field.name, e.currentTarget.value)}
            data-testid={`shop-address-${field.name}`}
          />
        ))}
        <Select
          label={t('shop:ui.address.country')}
          data={countries}
          value={address.country}
          allowDeselect={false}
          onChange={(value) => value && setField('country', value)}
          data-testid="shop-address-country"
        />
      </SimpleGrid>
      {!swiss && (
        <Alert color="yellow" role="status" data-testid="shop-not-switzerland">
          {t('shop:onlySwitzerland', { contact: providerContact(catalogue) })}
        </Alert>
      )}
      <StepButtons
        mode={mode}
        step="address"
        nextDisabled={!swiss}
        onNext={() => {
          const problems = addressProblems(address);
          setShown(problems);
          return Object.keys(problems).length === 0;
        }}
      />
    </Stack>
  );
}
