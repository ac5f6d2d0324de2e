import { useState } from 'react';
import { Badge, Button, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShopCodeEvent, ShopCodeStatus } from '@hivescope/contract';
import { ConfirmModal } from '../../../../components/ui/ConfirmModal';
import { codeKeys, deactivateCode, type CodeKind } from './api';
import { isoToFirstDay, isoToLastDay } from './days';

/** Pieces both code tabs use (docs/shop.md "Codes"). */

const STATUS_COLOR: Record<ShopCodeStatus, string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'gray',
  usedUp: 'orange',
  deactivated: 'red',
};

export function CodeStatusBadge({ status }: { status: ShopCodeStatus }) {
  const { t } = useTranslation('shop-admin');
  return (
    <Badge
      size="sm"
      variant="light"
      color={STATUS_COLOR[status]}
      data-testid="code-status"
      data-status={status}
    >
      {t(`codes.status.${status}`)}
    </Badge>
  );
}

/** A code's history: who did what, when (oldest first); an edit names the fields it changed. */
export function CodeEvents({ events }: { events: ShopCodeEvent[] }) {
  const { t, i18n } = useTranslation('shop-admin');
  const changed = (e: ShopCodeEvent) => {
    const changes = e.detail?.changes;
    if (!changes || typeof changes !== 'object') return '';
    return Object.keys(changes)
      .map((field) => t(`codes.field.${field}`, { defaultValue: field }))
      .join(', ');
  };
  return (
    <Table data-testid="code-events">
      <Table.Tbody>
        {events.map((e) => (
          <Table.Tr key={e.id} data-testid={`code-event-${e.action}`}>
            <Table.Td>{new Date(e.createdAt).toLocaleString(i18n.language)}</Table.Td>
            <Table.Td>
              {t(`codes.event.${e.action}`, {
                defaultValue: e.action,
                orderKey: String(e.detail?.orderKey ?? ''),
              })}
              {changed(e) && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  ({changed(e)})
                </Text>
              )}
            </Table.Td>
            <Table.Td>{e.userEmail ?? '–'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** "Deactivate", behind a confirmation: final, the code can no longer be used or changed. */
export function DeactivateCode({ kind, id, code }: { kind: CodeKind; id: number; code: string }) {
  const { t } = useTranslation('shop-admin');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const run = useMutation({
    mutationFn: () => deactivateCode(kind, id),
    onSuccess: async () => {
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: codeKeys.all });
    },
  });
  return (
    <>
      <Button color="red" variant="light" onClick={() => setAsking(true)} data-testid="code-deactivate">
        {t('codes.ui.deactivate')}
      </Button>
      <ConfirmModal
        opened={asking}
        title={t('codes.ui.deactivateTitle')}
        text={t('codes.ui.deactivateConfirm', { code })}
        confirmLabel={t('codes.ui.deactivate')}
        cancelLabel={t('ui.confirm.cancel')}
        onConfirm={() => run.mutate()}
        onClose={() => setAsking(false)}
        loading={run.isPending}
        testId="code-deactivate-confirm"
      />
    </>
  );
}

/** "from … until …" of a validity; days in the admin's language. */
export function useValidity() {
  const { t, i18n } = useTranslation('shop-admin');
  const day = (d: string) => new Date(`${d}T12:00:00`).toLocaleDateString(i18n.language);
  return (from: string | null, until: string | null) => {
    const parts = [
      ...(from ? [t('codes.ui.from', { date: day(isoToFirstDay(from)) })] : []),
      ...(until ? [t('codes.ui.until', { date: day(isoToLastDay(until)) })] : []),
    ];
    return parts.length ? parts.join(' ') : t('codes.ui.always');
  };
}
