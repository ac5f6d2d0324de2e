import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShopOrderDetail } from '@hivescope/contract';
import { formatChf } from '../format';
import { ORDER_ACTIONS, runOrderAction, shopAdminKeys, type OrderAction } from './api';

/** Actions that take a text: required for sendTemplate, an optional note otherwise. */
const WITH_TEXT: OrderAction[] = ['sendTemplate', 'sendOffer', 'releaseOrder'];

/** Whether the action makes sense for the order now (the server checks again). */
function available(order: ShopOrderDetail, action: OrderAction): boolean {
  if (action === 'activatePrepay') return order.paymentMethod === 'invoice' && order.paymentState !== 'paid';
  if (action === 'clear') return !order.flags.cleared;
  if (action === 'releaseOrder') return order.commissioners.length > 0;
  return true;
}

/**
 * The seven actions of spec §4, each behind a confirmation that names whom it mails; the server's message is
 * the toast, and the order (flags, events) is read again.
 */
export function OrderActions({ order }: { order: ShopOrderDetail }) {
  const { t, i18n } = useTranslation('shop-admin');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [text, setText] = useState('');
  const [commissioner, setCommissioner] = useState<string | null>(order.commissioners[0] ? '0' : null);
  const run = useMutation({
    mutationFn: (action: OrderAction) =>
      runOrderAction(order.id, action, {
        text: text.trim() || undefined,
        ...(action === 'releaseOrder' ? { commissionerIndex: Number(commissioner ?? 0) } : {}),
      }),
    onSuccess: async () => {
      setAsking(null);
      setText('');
      await queryClient.invalidateQueries({ queryKey: shopAdminKeys.all });
    },
  });
  const chosen = order.commissioners.find((c) => String(c.index) === commissioner);
  const params = {
    email: order.email,
    key: order.key,
    amount: formatChf(order.total, i18n.language),
    name: chosen?.name ?? '',
  };

  return (
    <>
      <Group gap="xs" data-testid="order-actions">
        {ORDER_ACTIONS.map((action) => (
          <Button
            key={action}
            variant="light"
            size="xs"
            disabled={!available(order, action)}
            onClick={() => setAsking(action)}
            data-testid={`order-action-${action}`}
          >
            {t(`ui.action.${action}`)}
          </Button>
        ))}
      </Group>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={t('ui.confirm.title')}
        data-testid="order-action-confirm"
      >
        {asking && (
          <Stack>
            <Text size="sm">{t(`ui.confirm.${asking}`, params)}</Text>
            {asking === 'releaseOrder' && (
              <Select
                label={t('ui.commissioner')}
                data={order.commissioners.map((c) => ({ value: String(c.index), label: c.name }))}
                value={commissioner}
                onChange={setCommissioner}
                allowDeselect={false}
                data-testid="order-action-commissioner"
              />
            )}
            {WITH_TEXT.includes(asking) && (
              <Textarea
                label={t(asking === 'sendTemplate' ? 'ui.templateText' : 'ui.note')}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                autosize
                minRows={3}
                maxLength={5000}
                data-testid="order-action-text"
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)} data-testid="order-action-cancel">
                {t('ui.confirm.cancel')}
              </Button>
              <Button
                loading={run.isPending}
                onClick={() => run.mutate(asking)}
                data-testid="order-action-yes"
              >
                {t('ui.confirm.yes')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
