import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconMailForward, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelStatus, NotificationChannel } from '@hivescope/contract';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { formatDateTime } from '../../../lib/format';
import { removeChannel, resendConfirmation, testChannel, useChannelMutation } from '../api';
import { ConfirmCodeForm } from './ConfirmCodeForm';

const STATUS_COLORS: Record<ChannelStatus, string> = { pending: 'yellow', active: 'green', failing: 'red' };

/** One channel with what can be done with it now: confirm (SMS code), resend, test, remove. */
export function ChannelRow({ channel }: { channel: NotificationChannel }) {
  const { t, i18n } = useTranslation('notifications');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const remove = useChannelMutation(() => removeChannel(channel.id));
  const test = useChannelMutation(() => testChannel(channel.id));
  const resend = useChannelMutation(() => resendConfirmation(channel.id));
  const pending = channel.status === 'pending';
  const name = channel.address;

  return (
    <Table.Tr
      data-testid={`channel-row-${channel.id}`}
      data-status={channel.status}
      data-address={channel.address}
    >
      <Table.Td>{t(`channels.types.${channel.type}`)}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{channel.address}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Badge color={STATUS_COLORS[channel.status]} variant="light" data-testid="channel-status">
            {t(`channels.statuses.${channel.status}`)}
          </Badge>
          {pending && (
            <Text size="xs" c="dimmed">
              {t(channel.type === 'sms' ? 'channels.pendingSms' : 'channels.pendingEmail')}
            </Text>
          )}
          {channel.lastError && (
            <Text size="xs" c="red" data-testid="channel-error">
              {channel.lastError}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{formatDateTime(channel.createdAt, i18n.language)}</Table.Td>
      <Table.Td>
        <Stack gap="xs" align="flex-start">
          {pending && channel.type === 'sms' && <ConfirmCodeForm channel={channel} />}
          <Group gap="xs">
            {pending ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconMailForward size={14} />}
                loading={resend.isPending}
                onClick={() => resend.mutate(undefined)}
                aria-label={t('channels.resendFor', { address: name })}
                data-testid="channel-resend"
              >
                {t('channels.resend')}
              </Button>
            ) : (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconSend size={14} />}
                loading={test.isPending}
                onClick={() => test.mutate(undefined)}
                aria-label={t('channels.testFor', { address: name })}
                data-testid="channel-test"
              >
                {t('channels.test')}
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirmRemove(true)}
              aria-label={t('channels.removeFor', { address: name })}
              data-testid="channel-remove"
            >
              {t('channels.remove')}
            </Button>
          </Group>
        </Stack>
        <ConfirmModal
          opened={confirmRemove}
          title={t('channels.removeTitle')}
          text={t('channels.removeText', { address: name })}
          confirmLabel={t('channels.remove')}
          cancelLabel={t('cancel')}
          loading={remove.isPending}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirmRemove(false) })}
          onClose={() => setConfirmRemove(false)}
          testId="channel-remove-dialog"
        />
      </Table.Td>
    </Table.Tr>
  );
}
