import { Anchor, Progress, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Job, JobListSort } from '@hivescope/contract';
import { SortableTh } from '../../../components/list/SortableTh';
import type { ListState } from '../../../components/list/useListState';
import { formatDateTime } from '../../../lib/format';
import { exportDownloadUrl } from '../api';
import { JobStatusCell } from './JobStatusCell';

/**
 * Jobs with type, description, created (sorted on the server), started, status (with the error of a
 * failure) and progress.
 */
export function JobsTable({
  jobs,
  list,
  showOwner = false,
  testId,
}: {
  jobs: Job[];
  list: ListState<JobListSort>;
  showOwner?: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation('jobs');
  const now = new Date();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('col.type')}</Table.Th>
            <Table.Th>{t('col.description')}</Table.Th>
            {showOwner && <Table.Th>{t('col.owner')}</Table.Th>}
            <SortableTh column="createdAt" list={list} testId={testId}>
              {t('col.created')}
            </SortableTh>
            <Table.Th>{t('col.started')}</Table.Th>
            <Table.Th>{t('col.status')}</Table.Th>
            <Table.Th>{t('col.progress')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => {
            const download = exportDownloadUrl(job, now);
            return (
              <Table.Tr
                key={job.id}
                data-testid="job-row"
                data-job={job.id}
                data-status={job.status}
                data-type={job.type}
              >
                <Table.Td>{t(`type.${job.type}`)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{job.description}</Text>
                  {download && (
                    <Anchor href={download} size="sm" data-testid="job-download">
                      {t('download')}
                    </Anchor>
                  )}
                </Table.Td>
                {showOwner && <Table.Td>{job.ownerId ?? t('system')}</Table.Td>}
                <Table.Td>{formatDateTime(job.createdAt, i18n.language)}</Table.Td>
                <Table.Td>
                  {job.startedAt ? formatDateTime(job.startedAt, i18n.language) : t('notStarted')}
                </Table.Td>
                <Table.Td>
                  <JobStatusCell job={job} />
                </Table.Td>
                <Table.Td miw={120}>
                  <Progress value={job.progress} aria-label={t('col.progress')} />
                  <Text size="xs">{job.progress} %</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
