import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAllJobs } from '../api';
import { JobsTable } from '../components/JobsTable';
import { WeatherUpdateForm } from '../components/WeatherUpdateForm';

/** /a/jobs — every job (scheduled ones too), and the form to start a weather update. */
export default function AdminJobsPage() {
  const { t } = useTranslation();
  const jobs = useAllJobs();
  return (
    <Stack>
      <PageTitle>{t('common:screens.adminJobs')}</PageTitle>
      <WeatherUpdateForm />
      {jobs.isPending && <CenteredLoader />}
      {jobs.isError && <LoadError />}
      {jobs.data && <JobsTable jobs={jobs.data} showOwner testId="all-jobs" />}
    </Stack>
  );
}
