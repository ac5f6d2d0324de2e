import { useState } from 'react';
import { Drawer, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHOP_ORDER_STATES, type ShopOrderListSort, type ShopOrderState } from '@hivescope/contract';
import { listParams, useListState } from '../../../components/list/useListState';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useOrders } from '../admin/api';
import { OrderPanel } from '../admin/OrderPanel';
import { OrdersTable } from '../admin/OrdersTable';

const ALL = 'all';

/** /shop/admin — the shop's orders (admins; docs/shop.md "Order administration"). */
export default function ShopAdminPage() {
  const { t } = useTranslation('shop-admin');
  const list = useListState<ShopOrderListSort>('createdAt');
  const [state, setState] = useState<ShopOrderState | typeof ALL>(ALL);
  const { query, rows } = useOrders({ ...listParams(list), ...(state === ALL ? {} : { state }) });
  const [open, setOpen] = useState<{ id: number; key: string } | null>(null);

  return (
    <Stack>
      <PageTitle>{t('ui.title')}</PageTitle>
      <SegmentedControl
        aria-label={t('ui.stateFilter')}
        value={state}
        onChange={(v) => setState(v as ShopOrderState | typeof ALL)}
        data={[
          { value: ALL, label: t('ui.all') },
          ...SHOP_ORDER_STATES.map((s) => ({ value: s, label: t(`ui.state.${s}`) })),
        ]}
        data-testid="orders-state"
        w="fit-content"
      />
      {query.isError && <LoadError />}
      <OrdersTable
        orders={rows}
        list={list}
        paged={query}
        onOpen={(o) => setOpen({ id: o.id, key: o.key })}
      />
      {query.isPending && <CenteredLoader />}
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        title={open ? t('ui.detailTitle', { key: open.key }) : ''}
        data-testid="order-drawer"
      >
        {open && <OrderPanel id={open.id} />}
      </Drawer>
    </Stack>
  );
}
