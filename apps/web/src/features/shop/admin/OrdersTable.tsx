import { Badge, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHOP_ORDER_FLAGS, type ShopOrderListItem, type ShopOrderListSort } from '@hivescope/contract';
import { ListFooter } from '../../../components/list/ListFooter';
import { ListSearch } from '../../../components/list/ListSearch';
import { SortableTh } from '../../../components/list/SortableTh';
import type { ListState } from '../../../components/list/useListState';
import { formatChf } from '../format';

type Props = {
  orders: ShopOrderListItem[];
  list: ListState<ShopOrderListSort>;
  paged: Parameters<typeof ListFooter>[0]['list'] & { isSuccess: boolean };
  onOpen: (order: ShopOrderListItem) => void;
};

/**
 * The flags of spec §3 that are set, as small badges; with `all` (the order's view) the unset ones too, in
 * grey and struck through, so an admin sees at a glance what has not happened yet (say, no invoice sent).
 */
export function FlagBadges({ flags, all = false }: { flags: ShopOrderListItem['flags']; all?: boolean }) {
  const { t } = useTranslation('shop-admin');
  return (
    <Group gap={4} data-testid={all ? 'order-flags' : undefined}>
      {SHOP_ORDER_FLAGS.filter((f) => all || flags[f]).map((f) =>
        flags[f] ? (
          <Badge key={f} size="xs" variant="light" data-testid={`order-flag-${f}`}>
            {t(`ui.flags.${f}`)}
          </Badge>
        ) : (
          <Badge
            key={f}
            size="xs"
            variant="outline"
            color="gray"
            td="line-through"
            aria-label={t('ui.flagNotSet', { flag: t(`ui.flags.${f}`) })}
            data-testid={`order-flag-off-${f}`}
          >
            {t(`ui.flags.${f}`)}
          </Badge>
        ),
      )}
    </Group>
  );
}

/** Orders paged, searched and sorted on the server (docs/api-conventions.md "Lists and pagination"). */
export function OrdersTable({ orders, list, paged, onOpen }: Props) {
  const { t, i18n } = useTranslation('shop-admin');
  return (
    <Stack>
      <ListSearch
        list={list}
        label={t('ui.filter')}
        placeholder={t('ui.filterPlaceholder')}
        testId="orders-filter"
      />
      <Table.ScrollContainer minWidth={800}>
        <Table striped highlightOnHover data-testid="orders-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ui.key')}</Table.Th>
              <SortableTh column="createdAt" list={list} testId="orders">
                {t('ui.date')}
              </SortableTh>
              <Table.Th>{t('ui.customer')}</Table.Th>
              <SortableTh column="total" list={list} testId="orders">
                {t('ui.total')}
              </SortableTh>
              <Table.Th>{t('ui.stateLabel')}</Table.Th>
              <Table.Th>{t('ui.payment')}</Table.Th>
              <Table.Th>{t('ui.flagsLabel')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((o) => (
              <Table.Tr key={o.id} data-testid={`order-row-${o.key}`}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onOpen(o)}
                    aria-label={t('ui.openOrder', { key: o.key })}
                    c="blue"
                    ff="monospace"
                    data-testid={`order-open-${o.key}`}
                  >
                    {o.key}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{new Date(o.createdAt).toLocaleString(i18n.language)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{o.name}</Text>
                  <Text size="xs" c="dimmed">
                    {o.email}
                  </Text>
                </Table.Td>
                <Table.Td>{formatChf(o.total, i18n.language)}</Table.Td>
                <Table.Td>{t(`ui.state.${o.state}`)}</Table.Td>
                <Table.Td>
                  {t(`ui.method.${o.paymentMethod}`)}, {t(`ui.paymentState.${o.paymentState}`)}
                </Table.Td>
                <Table.Td>
                  <FlagBadges flags={o.flags} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paged.isSuccess && orders.length === 0 && (
        <Text c="dimmed" data-testid="orders-empty">
          {t('ui.none')}
        </Text>
      )}
      <ListFooter loaded={orders.length} list={paged} testId="orders" />
    </Stack>
  );
}
