import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';

/** The share-unavailable page: a removed share, a wrong token or a share whose scales are gone. */
export function ShareUnavailable() {
  const { t } = useTranslation(['sharing', 'errors']);
  return (
    <Stack data-testid="share-unavailable" maw={640}>
      <PageTitle>{t('sharing:public.unavailableTitle')}</PageTitle>
      <Alert color="yellow">{t('errors:shareUnavailable')}</Alert>
    </Stack>
  );
}
