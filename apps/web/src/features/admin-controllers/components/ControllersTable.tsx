import { useMemo, useState } from 'react';
import { Badge, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AffiliatedControllerRow } from '@hivescope/contract';
import { filterControllers } from '../filter';
import { formatDate, formatDateTime, formatMeasure, MISSING } from '../format';
import { SubscriptionBadge } from './SubscriptionBadge';

const PAGE_SIZE = 50;
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
];

/** Controllers with a filter box; with `onEdit` a row click (or Enter on the focused row) opens the editor. */
export function ControllersTable<R extends AffiliatedControllerRow>({
  rows,
  onEdit,
  testId,
}: {
  rows: R[];
  onEdit?: (row: R) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation('admin-controllers');
  const locale = i18n.language;
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const filtered = useMemo(() => filterControllers(rows, filter), [rows, filter]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <Stack>
      <TextInput
        label={t('filter')}
        placeholder={t('filterPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(e) => {
          setFilter(e.currentTarget.value);
          setPage(1);
        }}
        data-testid={`${testId}-filter`}
        maw={400}
      />
      <Text size="sm" c="dimmed" data-testid={`${testId}-count`}>
        {t('shown', { shown: filtered.length, total: rows.length })}
      </Text>
      <Table.ScrollContainer minWidth={1100}>
        <Table striped highlightOnHover={Boolean(onEdit)} data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{t(`columns.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
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
      {filtered.length === 0 && (
        <Text c="dimmed" data-testid={`${testId}-empty`}>
          {t('none')}
        </Text>
      )}
      {pages > 1 && <Pagination total={pages} value={current} onChange={setPage} />}
    </Stack>
  );
}
