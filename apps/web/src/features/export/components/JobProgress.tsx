import { Alert, Anchor, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { exportFilePath, type Job } from '@hivescope/contract';
import { buildUrl } from '../../../lib/api';

/** A large export's job: running (with its progress), failed (with the reason) or done (with the file's link). */
export function JobProgress({ job }: { job: Job }) {
  const { t } = useTranslation('export');
  if (job.status === 'failed')
    return (
      <Alert color="red" data-testid="export-job-failed">
        {t('jobFailed', { error: job.error ?? '' })}
      </Alert>
    );
  if (job.status === 'done')
    return (
      <Alert color="green" data-testid="export-job-done">
        <Text>{t('jobDone')}</Text>
        <Anchor href={buildUrl(exportFilePath(job.id))} data-testid="export-job-download">
          {t('download')}
        </Anchor>
      </Alert>
    );
  return (
    <Stack gap={4} data-testid="export-job-running">
      <Text>{t('jobRunning')}</Text>
      <Progress value={job.progress} aria-label={t('jobRunning')} animated />
    </Stack>
  );
}
