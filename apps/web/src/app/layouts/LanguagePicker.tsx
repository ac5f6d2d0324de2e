import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@hivescope/contract';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { useAppSelector } from '../store/hooks';
import { selectLocale } from '../store/selectors';
import { useChangeLanguage } from '../store/useChangeLanguage';

/** German, English, French, Spanish — each named in its own language. */
export function LanguagePicker() {
  const { t } = useTranslation('common');
  const locale = useAppSelector(selectLocale);
  const changeLanguage = useChangeLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={<IconLanguage size={16} aria-hidden />}
          data-testid="language-picker"
        >
          {locale.toUpperCase()}
          {/* The name starts with the visible "DE" (WCAG 2.5.3) and says what the button is for. */}
          <VisuallyHidden> {t('nav.languageCurrent', { language: LANGUAGE_NAMES[locale] })}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            onClick={() => changeLanguage(l)}
            fw={l === locale ? 700 : undefined}
            data-testid={`language-option-${l}`}
          >
            {LANGUAGE_NAMES[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
