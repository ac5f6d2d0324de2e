import { Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FirmwareMemberState } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { formatDateTime, MISSING } from '../../../lib/format';
import { useRolloutDetail } from '../api';

const COLOR: Record<FirmwareMemberState, string> = {
  waiting: 'gray',
  offered: 'blue',
  updated: 'green',
  failed: 'red',
};
const COLUMNS = ['name', 'stage', 'state', 'from', 'current', 'lastUpdate'] as const;

/** Each controller of a roll-out: its stage, its state (and why it failed), the version it came from and runs. */
export function RolloutMembers({ id, poll }: { id: number; poll: boolean }) {
  const { t, i18n } = useTranslation('firmware');
  const detail = useRolloutDetail(id, true, poll);
  if (detail.isPending) return <CenteredLoader />;
  if (detail.isError) return <LoadError />;
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped data-testid={`firmware-rollout-members-${id}`}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{t(`rollout.members.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.data.controllers.map((m) => (
            <Table.Tr key={m.controllerId} data-testid={`firmware-rollout-member-${id}-${m.controllerId}`}>
              <Table.Td>{m.name}</Table.Td>
              <Table.Td>{m.stage}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={COLOR[m.state]}>
                  {t(`rollout.memberState.${m.state}`)}
                </Badge>
                {m.failure && ` ${t(`rollout.failure.${m.failure}`)}`}
              </Table.Td>
              <Table.Td ff="monospace">{m.fromVersion ?? MISSING}</Table.Td>
              <Table.Td ff="monospace">{m.currentVersion ?? MISSING}</Table.Td>
              <Table.Td>{formatDateTime(m.lastUpdate, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
