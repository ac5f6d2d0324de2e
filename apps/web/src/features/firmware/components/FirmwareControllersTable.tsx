import { Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FirmwareControllerRow } from '@hivescope/contract';
import { formatDateTime, MISSING } from '../../../lib/format';
import { toggleAll, toggleOne } from '../selection';

type Props = {
  rows: FirmwareControllerRow[];
  selected: ReadonlySet<number>;
  onSelect: (selected: Set<number>) => void;
};

const COLUMNS = ['name', 'region', 'affiliation', 'current', 'desired', 'rollout', 'lastUpdate'] as const;

/** Whether the controller runs what it should: nothing wanted, up to date, or an update pending. */
function VersionState({ row }: { row: FirmwareControllerRow }) {
  const { t } = useTranslation('firmware');
  if (row.desiredVersion === null) return null;
  const done = row.desiredVersion === row.currentVersion;
  return (
    <Badge size="sm" variant="light" color={done ? 'green' : 'blue'} data-testid={`firmware-state-${row.id}`}>
      {t(done ? 'controllers.upToDate' : 'controllers.updatePending')}
    </Badge>
  );
}

function RolloutCell({ row }: { row: FirmwareControllerRow }) {
  const { t } = useTranslation('firmware');
  if (!row.rollout) return <>{MISSING}</>;
  const color = { waiting: 'gray', offered: 'blue', updated: 'green', failed: 'red' }[row.rollout.state];
  return (
    <Badge size="sm" variant="light" color={color} data-testid={`firmware-rollout-state-${row.id}`}>
      {t('controllers.inRollout', {
        version: row.rollout.version,
        state: t(`rollout.memberState.${row.rollout.state}`),
      })}
    </Badge>
  );
}

/** The controllers with their current and desired version side by side; a tick chooses one, the header all shown. */
export function FirmwareControllersTable({ rows, selected, onSelect }: Props) {
  const { t, i18n } = useTranslation('firmware');
  const ticked = rows.filter((row) => selected.has(row.id)).length;

  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover data-testid="firmware-controllers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('controllers.selectAll')}
                checked={rows.length > 0 && ticked === rows.length}
                indeterminate={ticked > 0 && ticked < rows.length}
                disabled={rows.length === 0}
                onChange={() => onSelect(toggleAll(rows, selected))}
                data-testid="firmware-select-all"
              />
            </Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{t(`controllers.columns.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={`firmware-controller-${row.id}`}>
              <Table.Td>
                <Checkbox
                  aria-label={t('controllers.selectOne', { name: row.name })}
                  checked={selected.has(row.id)}
                  onChange={() => onSelect(toggleOne(selected, row.id))}
                  data-testid={`firmware-select-${row.id}`}
                />
              </Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                {row.region?.name ?? MISSING}
                {row.secondaryRegion && (
                  <Text size="xs" c="dimmed">
                    {row.secondaryRegion.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.affiliation?.name ?? MISSING}</Table.Td>
              <Table.Td ff="monospace" data-testid={`firmware-current-${row.id}`}>
                {row.currentVersion ?? MISSING}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <IconArrowRight size={14} aria-hidden />
                  <Text ff="monospace" size="sm" span data-testid={`firmware-desired-${row.id}`}>
                    {row.desiredVersion ?? MISSING}
                  </Text>
                  <VersionState row={row} />
                </Group>
              </Table.Td>
              <Table.Td>
                <RolloutCell row={row} />
              </Table.Td>
              <Table.Td>{formatDateTime(row.lastUpdate, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
