import { useState } from 'react';
import { Button, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Forwarding } from '@hivescope/contract';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { formatDateTime } from '../../../lib/format';
import { deleteForwarding, useForwardingMutation } from './api';
import { deliveryState } from './form';

type Props = { controllerId: number; channel: number; forwarding: Forwarding };

/** One forwarding: when it last delivered, the last try's error while it fails, delete after confirming. */
export function ForwardingRow({ controllerId, channel, forwarding: f }: Props) {
  const { t, i18n } = useTranslation('forwarding');
  const [confirm, setConfirm] = useState(false);
  const remove = useForwardingMutation(controllerId, channel, () => deleteForwarding(f.id));
  const state = deliveryState(f);
  return (
    <Table.Tr data-testid={`forwarding-row-${f.id}`} data-kind={f.kind} data-state={state}>
      <Table.Td>{t(`kinds.${f.kind}`)}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }} data-testid="forwarding-target">
        {f.target}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Text size="sm" c={f.lastSuccessAt ? undefined : 'dimmed'} data-testid="forwarding-last">
            {f.lastSuccessAt ? formatDateTime(f.lastSuccessAt, i18n.language) : t('list.notYet')}
          </Text>
          {f.lastError && (
            <Text size="xs" c="red" data-testid="forwarding-error">
              {t('list.failed', { time: formatDateTime(f.lastAttemptAt, i18n.language), error: f.lastError })}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => setConfirm(true)}
          aria-label={t('delete.for', { target: f.target })}
          data-testid="forwarding-delete"
        >
          {t('delete.button')}
        </Button>
        <ConfirmModal
          opened={confirm}
          title={t('delete.title')}
          text={t('delete.text', { target: f.target })}
          confirmLabel={t('delete.button')}
          cancelLabel={t('cancel')}
          loading={remove.isPending}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirm(false) })}
          onClose={() => setConfirm(false)}
          testId="forwarding-delete-dialog"
        />
      </Table.Td>
    </Table.Tr>
  );
}
