import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { useChannels } from '../api';
import { ChannelRow } from './ChannelRow';

/** The caller's channels: type, address, status (with the last error while failing), created, actions. */
export function ChannelsList() {
  const { t } = useTranslation('notifications');
  const channels = useChannels();
  if (channels.isPending) return <CenteredLoader />;
  if (channels.isError) return <LoadError />;
  if (channels.data.length === 0)
    return (
      <Text c="dimmed" data-testid="channels-empty">
        {t('channels.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm" data-testid="channels-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('channels.type')}</Table.Th>
            <Table.Th>{t('channels.address')}</Table.Th>
            <Table.Th>{t('channels.status')}</Table.Th>
            <Table.Th>{t('channels.created')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('channels.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.data.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
