import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { useOwnJobs } from '../api';
import { JobsTable } from './JobsTable';

/** Settings tab "jobs": the caller's own jobs (e.g. large exports), refreshing while one runs. */
export default function JobsSettingsTab() {
  const { t } = useTranslation('jobs');
  const jobs = useOwnJobs();
  return (
    <Stack data-testid="settings-tab-jobs">
      <Title order={2}>{t('heading')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      {jobs.isPending && <CenteredLoader />}
      {jobs.isError && <LoadError />}
      {jobs.data && <JobsTable jobs={jobs.data} testId="own-jobs" />}
    </Stack>
  );
}
