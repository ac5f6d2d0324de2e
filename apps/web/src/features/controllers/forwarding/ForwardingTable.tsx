import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Forwarding } from '@hivescope/contract';
import { ForwardingRow } from './ForwardingRow';

type Props = { controllerId: number; channel: number; forwardings: Forwarding[] };

/** The channel's forwardings: kind, target, last delivery (and the last error), delete. */
export function ForwardingTable({ controllerId, channel, forwardings }: Props) {
  const { t } = useTranslation('forwarding');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        striped
        verticalSpacing="sm"
        aria-label={t('list.caption', { channel })}
        data-testid="forwardings-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.kind')}</Table.Th>
            <Table.Th>{t('list.target')}</Table.Th>
            <Table.Th>{t('list.lastDelivery')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forwardings.map((f) => (
            <ForwardingRow key={f.id} controllerId={controllerId} channel={channel} forwarding={f} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
