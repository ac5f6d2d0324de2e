import { useState } from 'react';
import { Button, Group, Modal, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShopMailPreview, ShopOrderDetail } from '@hivescope/contract';
import { formatChf } from '../format';
import {
  ORDER_ACTIONS,
  previewTemplate,
  runOrderAction,
  shopAdminKeys,
  type OrderAction,
  type TemplateChoice,
} from './api';

/** Actions that take a text: required for sendTemplate, an optional note otherwise. */
const WITH_TEXT: OrderAction[] = ['sendTemplate', 'sendOffer', 'releaseOrder'];

/** Whether the action makes sense for the order now (the server checks again). */
function available(order: ShopOrderDetail, action: OrderAction): boolean {
  if (action === 'activatePrepay') return order.paymentMethod === 'invoice' && order.paymentState !== 'paid';
  if (action === 'clear') return !order.flags.cleared;
  if (action === 'releaseOrder') return order.commissioners.length > 0;
  return true;
}

/** The mail a sendTemplate would send, exactly as the server composes it (docs/shop.md "Mail templates"). */
function MailPreview({ preview }: { preview: ShopMailPreview }) {
  const { t } = useTranslation('shop-admin');
  return (
    <Paper withBorder p="sm" data-testid="order-action-preview">
      <Text size="xs" c="dimmed">
        {t('ui.previewTo', { to: preview.to })}
      </Text>
      <Text fw={600} size="sm" data-testid="order-action-preview-subject">
        {preview.subject}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="order-action-preview-text">
        {preview.text}
      </Text>
    </Paper>
  );
}

/**
 * The seven actions of spec §4, each behind a confirmation that names whom it mails; the server's message is
 * the toast, and the order (flags, events) is read again. "Send message" picks a stored template (or the
 * admin's own text) and is sent only after its preview has been shown for exactly what is chosen.
 */
export function OrderActions({ order }: { order: ShopOrderDetail }) {
  const { t, i18n } = useTranslation('shop-admin');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [commissioner, setCommissioner] = useState<string | null>(order.commissioners[0] ? '0' : null);
  const choice: TemplateChoice = { templateId: templateId ?? undefined, text: text.trim() || undefined };
  const choiceKey = JSON.stringify(choice);
  const preview = useMutation({
    mutationFn: (c: TemplateChoice) => previewTemplate(order.id, c).then((p) => ({ ...p, key: choiceKey })),
  });
  const previewed = preview.data?.key === choiceKey ? preview.data : undefined;
  const close = () => {
    setAsking(null);
    setText('');
    setTemplateId(null);
    preview.reset();
  };
  const run = useMutation({
    mutationFn: (action: OrderAction) =>
      runOrderAction(order.id, action, {
        text: choice.text,
        ...(action === 'sendTemplate' ? { templateId: choice.templateId } : {}),
        ...(action === 'releaseOrder' ? { commissionerIndex: Number(commissioner ?? 0) } : {}),
      }),
    onSuccess: async () => {
      close();
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
        onClose={close}
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
            {asking === 'sendTemplate' && (
              <Select
                label={t('ui.template')}
                placeholder={t('ui.templateNone')}
                data={order.templates.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
                value={templateId}
                onChange={setTemplateId}
                clearable
                disabled={order.templates.length === 0}
                data-testid="order-action-template"
              />
            )}
            {WITH_TEXT.includes(asking) && (
              <Textarea
                label={t(
                  asking !== 'sendTemplate' ? 'ui.note' : templateId ? 'ui.templateNote' : 'ui.templateText',
                )}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                autosize
                minRows={3}
                maxLength={5000}
                data-testid="order-action-text"
              />
            )}
            {asking === 'sendTemplate' && previewed && <MailPreview preview={previewed} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} data-testid="order-action-cancel">
                {t('ui.confirm.cancel')}
              </Button>
              {asking === 'sendTemplate' && (
                <Button
                  variant="light"
                  loading={preview.isPending}
                  disabled={!choice.templateId && !choice.text}
                  onClick={() => preview.mutate(choice)}
                  data-testid="order-action-preview-show"
                >
                  {t('ui.preview')}
                </Button>
              )}
              <Button
                loading={run.isPending}
                disabled={asking === 'sendTemplate' && !previewed}
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
