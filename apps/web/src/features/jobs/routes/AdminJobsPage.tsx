import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { JobsList } from '../components/JobsList';
import { WeatherUpdateForm } from '../components/WeatherUpdateForm';

/** /a/jobs — every job (scheduled ones too), paged and searched on the server, and the weather update form. */
export default function AdminJobsPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle>{t('common:screens.adminJobs')}</PageTitle>
      <WeatherUpdateForm />
      <JobsList scope="all" testId="all-jobs" />
    </Stack>
  );
}
