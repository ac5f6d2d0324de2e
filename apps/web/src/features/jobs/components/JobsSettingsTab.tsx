import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JobsList } from './JobsList';

/** Settings tab "jobs": the caller's own jobs (e.g. large exports), paged, refreshing while one runs. */
export default function JobsSettingsTab() {
  const { t } = useTranslation('jobs');
  return (
    <Stack data-testid="settings-tab-jobs">
      <Title order={2}>{t('heading')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      <JobsList scope="own" testId="own-jobs" />
    </Stack>
  );
}
