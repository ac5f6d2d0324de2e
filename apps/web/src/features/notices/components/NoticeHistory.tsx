import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { formatDateTime, MISSING } from '../../../lib/format';
import { useNoticeHistory } from '../api';

/** One sent notice: when, who, where, how, what, and how far the sending got. */
function NoticeRow({ notice }: { notice: Notice }) {
  const { t, i18n } = useTranslation('notices');
  const regions = notice.regions.map((r) => r.name ?? t('history.deletedRegion', { id: r.id })).join(', ');
  const sender = notice.sender ? notice.sender.name || notice.sender.email : MISSING;
  return (
    <Table.Tr data-testid={`notice-row-${notice.id}`}>
      <Table.Td>{formatDateTime(notice.createdAt, i18n.language)}</Table.Td>
      <Table.Td>
        {sender}
        {notice.affiliation && (
          <Text size="xs" c="dimmed">
            {notice.affiliation.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{regions}</Table.Td>
      <Table.Td>{notice.channelTypes.map((c) => t(`form.${c}`)).join(', ')}</Table.Td>
      <Table.Td maw={320}>
        <Text size="sm" lineClamp={2}>
          {notice.message}
        </Text>
      </Table.Td>
      <Table.Td data-testid={`notice-reached-${notice.id}`}>
        {t('history.reachedOf', { reached: notice.reached, recipients: notice.recipients })}
      </Table.Td>
      <Table.Td data-testid={`notice-progress-${notice.id}`}>
        {t('history.progress', notice.deliveries)}
      </Table.Td>
    </Table.Tr>
  );
}

const COLUMNS = ['date', 'sender', 'regions', 'types', 'message', 'reached', 'delivered'] as const;

/**
 * The sent notices, newest first, page by page (docs/notices.md "Web"); while deliveries are pending the
 * list is read again every few seconds, so sent and failed counts follow the sending.
 */
export function NoticeHistory({ affiliationId }: { affiliationId: number | null }) {
  const { t } = useTranslation('notices');
  const history = useNoticeHistory(affiliationId, true);
  const notices = history.data?.pages.flatMap((p) => p.notices) ?? [];
  return (
    <Stack mt="xl">
      <Title order={2} size="h3">
        {t('history.title')}
      </Title>
      {history.isPending && <CenteredLoader />}
      {history.isError && <LoadError />}
      {history.data && notices.length === 0 && (
        <Text c="dimmed" data-testid="notice-history-empty">
          {t('history.none')}
        </Text>
      )}
      {notices.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped data-testid="notice-history">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c}>{t(`history.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notices.map((n) => (
                <NoticeRow key={n.id} notice={n} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
          data-testid="notice-history-more"
        >
          {t('history.more')}
        </Button>
      )}
    </Stack>
  );
}
