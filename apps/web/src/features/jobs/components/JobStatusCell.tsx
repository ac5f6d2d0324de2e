import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Job, JobStatus } from '@hivescope/contract';

const COLORS: Record<JobStatus, string> = {
  queued: 'gray',
  running: 'blue',
  retrying: 'orange',
  done: 'green',
  failed: 'red',
};

/** The time of the next try, to the second: retries of a watched job come within a minute or two. */
const clock = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(iso));

type Tries = {
  key: 'tryFailedNext' | 'tryRunning' | 'tryFailedLast';
  values: Record<string, string | number>;
};

/** Which try a job is at, where it matters: a retry waiting, a later try running, the last one failed. */
function tries(job: Job, locale: string): Tries | null {
  const n = { attempt: job.attempts, max: job.maxAttempts };
  if (job.status === 'retrying' && job.nextAttemptAt)
    return { key: 'tryFailedNext', values: { ...n, time: clock(job.nextAttemptAt, locale) } };
  if (job.status === 'running' && job.attempts > 1) return { key: 'tryRunning', values: n };
  if (job.status === 'failed' && job.attempts > 0) return { key: 'tryFailedLast', values: n };
  return null;
}

/**
 * Status of a job (docs/weather.md "Jobs"): the badge, which try it is at ("try 1 of 3 failed, next try
 * from 14:05:30") and the last error — shown from the first failed try on, not only when all have failed.
 */
export function JobStatusCell({ job }: { job: Job }) {
  const { t, i18n } = useTranslation('jobs');
  const line = tries(job, i18n.language);
  return (
    <>
      <Badge color={COLORS[job.status]} variant="light" data-testid="job-status">
        {t(`status.${job.status}`)}
      </Badge>
      {line && (
        <Text size="xs" data-testid="job-tries">
          {t(line.key, line.values)}
        </Text>
      )}
      {job.error && (
        <Text size="xs" c="red" data-testid="job-error">
          {job.error}
        </Text>
      )}
    </>
  );
}
