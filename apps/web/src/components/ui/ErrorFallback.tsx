import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * "An error occurred" with a start-over link to / (error page and page-level fallback, spec §8).
 * A plain <a> (full page load) so that a broken client state is really started over.
 */
export function ErrorFallback({ title, detail }: { title?: string; detail?: string }) {
  const { t } = useTranslation();
  return (
    <Stack p="md" data-testid="error-page">
      <Alert color="red" icon={<IconAlertTriangle />} title={title ?? t('errors:error')}>
        <Stack gap="xs">
          <span>{t('errors:errorOccurred')}</span>
          {detail && <code>{detail}</code>}
          <Anchor href="/" data-testid="start-over-link">
            {t('errors:startOver')}
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  );
}
