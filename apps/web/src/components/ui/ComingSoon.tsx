import { Alert, Stack, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';
import type { Screen } from './screens';

type Props =
  | { screen: Screen; title?: undefined; testId?: undefined }
  | { screen?: undefined; title: string; testId: string };

/**
 * Placeholder for a screen (or settings tab) a later issue builds: its localised name as heading
 * and a "coming soon" note. Screens pass `screen`; tabs pass an already translated `title`.
 */
export default function ComingSoon({ screen, title, testId }: Props) {
  const { t } = useTranslation('common');
  return (
    <Stack data-testid={screen ? `coming-soon-${screen}` : testId}>
      {screen ? <PageTitle>{t(`screens.${screen}`)}</PageTitle> : <Title order={2}>{title}</Title>}
      <Alert icon={<IconHourglass />} color="yellow" title={t('comingSoon.title')}>
        {t('comingSoon.text')}
      </Alert>
    </Stack>
  );
}
