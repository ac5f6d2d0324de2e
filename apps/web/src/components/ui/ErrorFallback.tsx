import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';

type Props = {
  title?: string;
  detail?: string;
  /** Inside a screen (a settings tab): the screen already has its h1, so the title stays in the alert. */
  section?: boolean;
};

/**
 * "An error occurred" with a start-over link to / (error page and page-level fallback, docs/product.md §8).
 * A plain <a> (full page load) so that a broken client state is really started over.
 */
export function ErrorFallback({ title, detail, section = false }: Props) {
  const { t } = useTranslation();
  const heading = title ?? t('errors:error');
  return (
    <Stack p="md" data-testid="error-page">
      {!section && <PageTitle>{heading}</PageTitle>}
      <Alert color="red" icon={<IconAlertTriangle />} title={section ? heading : undefined}>
        <Stack gap="xs">
          <span>{t('errors:errorOccurred')}</span>
          {detail && <code>{detail}</code>}
          <Anchor href="/" underline="always" data-testid="start-over-link">
            {t('errors:startOver')}
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  );
}
