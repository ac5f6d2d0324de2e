import { useState } from 'react';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JOB_STATUSES, JOB_TYPES, type JobListSort, type JobStatus, type JobType } from '@hivescope/contract';
import { ListFooter } from '../../../components/list/ListFooter';
import { ListSearch } from '../../../components/list/ListSearch';
import { listParams, useListState } from '../../../components/list/useListState';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { useJobs, type JobScope } from '../api';
import { JobsTable } from './JobsTable';

/**
 * One's own jobs or (admins) everyone's, paged, searched, filtered and sorted on the server
 * (docs/api-conventions.md "Lists and pagination"): newest first, "Load more" while there are more.
 */
export function JobsList({ scope, testId }: { scope: JobScope; testId: string }) {
  const { t } = useTranslation('jobs');
  const list = useListState<JobListSort>('createdAt', 'desc');
  const [type, setType] = useState<JobType | null>(null);
  const [status, setStatus] = useState<JobStatus | null>(null);
  const { query, rows } = useJobs(scope, {
    ...listParams(list),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
  });
  return (
    <Stack>
      <Group align="flex-end">
        <ListSearch
          list={list}
          label={t('filter')}
          placeholder={t(scope === 'all' ? 'filterPlaceholderAll' : 'filterPlaceholder')}
          testId={`${testId}-filter`}
        />
        <Select
          label={t('filterType')}
          placeholder={t('allTypes')}
          data={JOB_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
          value={type}
          onChange={(v) => setType(v as JobType | null)}
          clearable
          w={200}
          data-testid={`${testId}-type`}
        />
        <Select
          label={t('filterStatus')}
          placeholder={t('allStatuses')}
          data={JOB_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
          value={status}
          onChange={(v) => setStatus(v as JobStatus | null)}
          clearable
          w={200}
          data-testid={`${testId}-status`}
        />
      </Group>
      {query.isError && <LoadError />}
      {query.isPending ? (
        <CenteredLoader />
      ) : (
        <JobsTable jobs={rows} list={list} showOwner={scope === 'all'} testId={testId} />
      )}
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-testid={`${testId}-empty`}>
          {t('empty')}
        </Text>
      )}
      <ListFooter loaded={rows.length} list={query} testId={testId} />
    </Stack>
  );
}
