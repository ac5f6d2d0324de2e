import { useMemo } from 'react';
import { Grid, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { COUNTRIES_OFFERED } from '@hivescope/contract';
import type { ProfileField } from './profileForm';

type Props = {
  inputProps: (field: ProfileField) => GetInputPropsReturnType;
  /** Current country value, so that a country outside the offered list stays selectable. */
  country: string;
  testIdPrefix?: string;
};

/** The contact-data inputs (profile, registration, admin edit). */
export function ProfileFields({ inputProps, country, testIdPrefix = 'profile' }: Props) {
  const { t, i18n } = useTranslation('profile');
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const codes: string[] = [...COUNTRIES_OFFERED];
    if (country && !codes.includes(country)) codes.push(country);
    return codes.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, [i18n.language, country]);

  const text = (field: ProfileField, autoComplete: string, required = true) => (
    <TextInput
      label={t(`fields.${field}`)}
      autoComplete={autoComplete}
      withAsterisk={required}
      data-testid={`${testIdPrefix}-${field}`}
      {...inputProps(field)}
    />
  );

  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>{text('firstName', 'given-name')}</Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>{text('lastName', 'family-name')}</Grid.Col>
      <Grid.Col span={12}>{text('company', 'organization', false)}</Grid.Col>
      <Grid.Col span={12}>{text('street', 'street-address')}</Grid.Col>
      <Grid.Col span={{ base: 4, sm: 3 }}>{text('zip', 'postal-code')}</Grid.Col>
      <Grid.Col span={{ base: 8, sm: 9 }}>{text('city', 'address-level2')}</Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label={t('fields.country')}
          data={countries}
          withAsterisk
          allowDeselect={false}
          searchable
          data-testid={`${testIdPrefix}-country`}
          {...inputProps('country')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>{text('phone', 'tel')}</Grid.Col>
    </Grid>
  );
}
