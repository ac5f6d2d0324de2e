import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@hivescope/contract';
import { LANGUAGE_NAMES, toLocale } from '../../../lib/i18n';
import { useAppSelector } from '../../../app/store/hooks';
import { selectLocale } from '../../../app/store/selectors';
import { useChangeLanguage } from '../../../app/store/useChangeLanguage';

/** Language preference of the account (same effect as the navbar picker). */
export function LanguagePreference() {
  const { t } = useTranslation();
  const locale = useAppSelector(selectLocale);
  const changeLanguage = useChangeLanguage();
  return (
    <Select
      label={t('profile:language')}
      data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      value={locale}
      allowDeselect={false}
      onChange={(value) => {
        const next = toLocale(value);
        if (next) changeLanguage(next);
      }}
      data-testid="profile-language"
      maw={320}
    />
  );
}
