import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AffiliatedControllerRow, ControllerListSort } from '@hivescope/contract';
import { ListFooter } from '../../../components/list/ListFooter';
import { ListSearch } from '../../../components/list/ListSearch';
import { SortableTh } from '../../../components/list/SortableTh';
import type { ListState } from '../../../components/list/useListState';
import { formatDate, formatDateTime, formatMeasure, MISSING } from '../format';
import { SubscriptionBadge } from './SubscriptionBadge';

const COLUMNS = [
  'name',
  'imsi',
  'imei',
  'owner',
  'lastUpdate',
  'voltage',
  'signal',
  'temperature',
  'software',
  'subscriptionEnd',
] as const;
type Column = (typeof COLUMNS)[number];

/** Columns the server sorts by (docs/api-conventions.md "Lists and pagination"); IMSI only for admins. */
function sortOf(column: Column, credentials: boolean): ControllerListSort | null {
  if (column === 'name' || column === 'subscriptionEnd') return column;
  return column === 'imsi' && credentials ? 'imsi' : null;
}

type Props<R> = {
  rows: R[];
  list: ListState<ControllerListSort>;
  paged: Parameters<typeof ListFooter>[0]['list'] & { isSuccess: boolean };
  /** the caller may sort and search by IMSI (admins) */
  credentials: boolean;
  onEdit?: (row: R) => void;
  testId: string;
};

/**
 * A server-paged list of controllers with a search box, sortable headers and "Load more"; with `onEdit` a row
 * click (or Enter on the focused row) opens the editor.
 */
export function ControllersTable<R extends AffiliatedControllerRow>({
  rows,
  list,
  paged,
  credentials,
  onEdit,
  testId,
}: Props<R>) {
  const { t, i18n } = useTranslation('admin-controllers');
  const locale = i18n.language;

  return (
    <Stack>
      <ListSearch
        list={list}
        label={t('filter')}
        placeholder={t(credentials ? 'filterPlaceholder' : 'filterPlaceholderManager')}
        testId={`${testId}-filter`}
      />
      <Table.ScrollContainer minWidth={1100}>
        <Table striped highlightOnHover={Boolean(onEdit)} data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => {
                const sort = sortOf(column, credentials);
                return sort ? (
                  <SortableTh key={column} column={sort} list={list} testId={testId}>
                    {t(`columns.${column}`)}
                  </SortableTh>
                ) : (
                  <Table.Th key={column}>{t(`columns.${column}`)}</Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-testid={`controller-row-${row.id}`}
                {...(onEdit && {
                  onClick: () => onEdit(row),
                  onKeyDown: (e: React.KeyboardEvent) => e.key === 'Enter' && onEdit(row),
                  tabIndex: 0,
                  style: { cursor: 'pointer' },
                  'aria-label': t('editFor', { name: row.name }),
                })}
              >
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ff="monospace">{row.imsi ?? MISSING}</Table.Td>
                <Table.Td ff="monospace">
                  <Group gap={6} wrap="nowrap">
                    {row.imei ?? MISSING}
                    {row.reportedImei !== null && (
                      <Badge color="orange" variant="light" size="sm" data-testid={`imei-mismatch-${row.id}`}>
                        {t('imeiMismatch.badge')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{row.owner?.email ?? MISSING}</Table.Td>
                <Table.Td>{formatDateTime(row.lastUpdate, locale)}</Table.Td>
                <Table.Td>{formatMeasure(row.voltage, 'V', locale, 2)}</Table.Td>
                <Table.Td>{formatMeasure(row.signal, 'dBm', locale, 0)}</Table.Td>
                <Table.Td>{formatMeasure(row.temperature, '°C', locale)}</Table.Td>
                <Table.Td>{row.softwareVersion ?? MISSING}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {formatDate(row.subscriptionEnd, locale)}
                    <SubscriptionBadge state={row.subscriptionState} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paged.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-testid={`${testId}-empty`}>
          {t('none')}
        </Text>
      )}
      <ListFooter loaded={rows.length} list={paged} testId={testId} />
    </Stack>
  );
}
