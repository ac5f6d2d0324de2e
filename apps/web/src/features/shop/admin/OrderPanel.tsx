import { Alert, Badge, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShopOrderDetail } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { formatChf } from '../format';
import { useOrder } from './api';
import { OrderActions } from './OrderActions';
import { OrderEditForm } from './OrderEditForm';
import { FlagBadges } from './OrdersTable';

function Summary({ order }: { order: ShopOrderDetail }) {
  const { t, i18n } = useTranslation('shop-admin');
  const money = (c: number) => formatChf(c, i18n.language);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge data-testid="order-state">{t(`ui.state.${order.state}`)}</Badge>
        <Badge variant="outline" data-testid="order-payment">
          {t(`ui.method.${order.paymentMethod}`)}, {t(`ui.paymentState.${order.paymentState}`)}
        </Badge>
      </Group>
      <FlagBadges flags={order.flags} all />
      <Title order={4}>{t('ui.items')}</Title>
      <Table>
        <Table.Tbody>
          {order.priced.items.map((item, i) => (
            <Table.Tr key={`${item.name}-${i}`}>
              <Table.Td>
                {item.quantity} × {item.name}
              </Table.Td>
              <Table.Td ta="right">{money(item.amount)}</Table.Td>
            </Table.Tr>
          ))}
          {order.discount > 0 && (
            <Table.Tr>
              <Table.Td>{t('ui.discount')}</Table.Td>
              <Table.Td ta="right">−{money(order.discount)}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th>{t('ui.total')}</Table.Th>
            <Table.Th ta="right" data-testid="order-total">
              {money(order.total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {order.renewalCodes.length > 0 && (
        <Text size="sm" data-testid="order-codes">
          {t('ui.renewalCodes')}: {order.renewalCodes.join(', ')}
        </Text>
      )}
      {order.subscriptionEndsAt && order.subscriptionControllerId !== null && (
        <Text size="sm">
          {t('ui.subscriptionEnd', {
            id: order.subscriptionControllerId,
            date: new Date(order.subscriptionEndsAt).toLocaleDateString(i18n.language),
          })}
        </Text>
      )}
      {order.userComment && (
        <Text size="sm">
          {t('ui.userComment')}: {order.userComment}
        </Text>
      )}
    </Stack>
  );
}

function Events({ order }: { order: ShopOrderDetail }) {
  const { t, i18n } = useTranslation('shop-admin');
  return (
    <Table data-testid="order-events">
      <Table.Tbody>
        {order.events.map((e) => (
          <Table.Tr key={e.id} data-testid={`order-event-${e.action}`}>
            <Table.Td>{new Date(e.createdAt).toLocaleString(i18n.language)}</Table.Td>
            <Table.Td>{t(`ui.event.${e.action}`, { defaultValue: e.action })}</Table.Td>
            <Table.Td>{e.userEmail ?? t(`ui.eventWho.${e.actor}`)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One order: figures and flags, the actions, the edit form and the history (who did what, when). */
export function OrderPanel({ id }: { id: number }) {
  const { t } = useTranslation('shop-admin');
  const query = useOrder(id);
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) return <Alert color="red">{t('ui.loadFailed')}</Alert>;
  const order = query.data;
  return (
    <Stack data-testid="order-panel">
      <Summary order={order} />
      <Title order={4}>{t('ui.actions')}</Title>
      <OrderActions key={`${order.id}`} order={order} />
      <Divider />
      <Title order={4}>{t('ui.edit')}</Title>
      <OrderEditForm key={`${order.id}-${order.events.length}`} order={order} />
      <Divider />
      <Title order={4}>{t('ui.events')}</Title>
      <Events order={order} />
    </Stack>
  );
}
