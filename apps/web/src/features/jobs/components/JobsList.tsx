import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JOB_STATUSES, JOB_TYPES, type JobListSort } from '@hivescope/contract';
import { FilterSelect, useListFilter } from '../../../components/list/FilterSelect';
import { ListFooter } from '../../../components/list/ListFooter';
import { ListHeader } from '../../../components/list/ListHeader';
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
  const type = useListFilter(JOB_TYPES, (v) => t(`type.${v}`));
  const status = useListFilter(JOB_STATUSES, (v) => t(`status.${v}`));
  const { query, rows } = useJobs(scope, {
    ...listParams(list),
    ...(type.value ? { type: type.value } : {}),
    ...(status.value ? { status: status.value } : {}),
  });
  const search = {
    label: t('filter'),
    placeholder: t(scope === 'all' ? 'filterPlaceholderAll' : 'filterPlaceholder'),
    testId: `${testId}-filter`,
  };
  return (
    <Stack>
      <ListHeader list={list} search={search} align="flex-end">
        <FilterSelect
          filter={type}
          label={t('filterType')}
          placeholder={t('allTypes')}
          w={200}
          testId={`${testId}-type`}
        />
        <FilterSelect
          filter={status}
          label={t('filterStatus')}
          placeholder={t('allStatuses')}
          w={200}
          testId={`${testId}-status`}
        />
      </ListHeader>
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
