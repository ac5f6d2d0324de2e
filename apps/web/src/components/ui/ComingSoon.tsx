import { Alert, Stack } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';
import type { Screen } from './screens';

/** Placeholder for a screen a later issue builds: its localised name and a "coming soon" note. */
export default function ComingSoon({ screen, heading = true }: { screen: Screen; heading?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Stack data-testid={`coming-soon-${screen}`}>
      {heading && <PageTitle>{t(`screens.${screen}`)}</PageTitle>}
      <Alert icon={<IconHourglass />} color="yellow" title={t('comingSoon.title')}>
        {t('comingSoon.text')}
      </Alert>
    </Stack>
  );
}
