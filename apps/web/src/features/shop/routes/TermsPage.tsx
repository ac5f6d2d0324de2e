import { useEffect } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import NotFound from '../../../components/ui/NotFound';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppDispatch } from '../../../app/store/hooks';
import { localeChanged } from '../../../app/store/settingsSlice';
import { toLocale } from '../../../lib/i18n';
import { isTermsDocument } from '../steps';

const SECTIONS = ['scope', 'contract', 'prices', 'delivery', 'warranty', 'privacy'] as const;

/**
 * /{lang}/shop/onlineServicesTerms and /{lang}/shop/productTerms: the terms in the language of the path
 * prefix (which becomes the UI language, as `?lang=` does).
 */
export default function TermsPage() {
  const { lang, document } = useParams();
  const locale = toLocale(lang ?? null);
  const dispatch = useAppDispatch();
  const { t, i18n } = useTranslation('shop');
  useEffect(() => {
    if (locale && locale !== i18n.language) dispatch(localeChanged(locale));
  }, [locale, i18n.language, dispatch]);

  if (!locale || !isTermsDocument(document)) return <NotFound />;
  const base = `ui.terms.${document}`;
  return (
    <Container size="md" py="md" data-testid={`terms-${document}`}>
      <PageTitle>{t(`${base}.title`)}</PageTitle>
      <Stack>
        <Text c="dimmed">{t('ui.terms.intro')}</Text>
        {SECTIONS.map((section) => (
          <section key={section}>
            <Title order={2} size="h4" mb="xs">
              {t(`ui.terms.section.${section}`)}
            </Title>
            <Text>{t(`${base}.${section}`)}</Text>
          </section>
        ))}
        <Anchor component={Link} to="/shop">
          {t('ui.terms.backToShop')}
        </Anchor>
      </Stack>
    </Container>
  );
}
