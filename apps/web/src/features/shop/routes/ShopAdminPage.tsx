import { useState } from 'react';
import { Drawer, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SHOP_ORDER_STATES, type ShopOrderListSort, type ShopOrderState } from '@hivescope/contract';
import { listParams, useListState } from '../../../components/list/useListState';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useOrders } from '../admin/api';
import { PromoCodesTab } from '../admin/codes/PromoCodes';
import { RenewalCodesTab } from '../admin/codes/RenewalCodes';
import { OrderPanel } from '../admin/OrderPanel';
import { OrdersTable } from '../admin/OrdersTable';

const ALL = 'all';
const TABS = ['orders', 'promoCodes', 'renewalCodes'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly (string | null)[]).includes(v);

/**
 * /shop/admin — the shop's administration (admins): the orders, and the promo and renewal codes in tabs of
 * their own (`?tab=promoCodes`, `?tab=renewalCodes`; docs/shop.md "Order administration", "Codes").
 */
export default function ShopAdminPage() {
  const { t } = useTranslation('shop-admin');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'orders';
  return (
    <Stack>
      <PageTitle>{t('ui.adminTitle')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'orders' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`shop-admin-tab-${id}`}>
              {t(`ui.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="orders" pt="md">
          <OrdersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="promoCodes" pt="md">
          <PromoCodesTab />
        </Tabs.Panel>
        <Tabs.Panel value="renewalCodes" pt="md">
          <RenewalCodesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The orders: state filter, search, sort, "Load more"; one order in a drawer. */
function OrdersPanel() {
  const { t } = useTranslation('shop-admin');
  const list = useListState<ShopOrderListSort>('createdAt');
  const [state, setState] = useState<ShopOrderState | typeof ALL>(ALL);
  const { query, rows } = useOrders({ ...listParams(list), ...(state === ALL ? {} : { state }) });
  const [open, setOpen] = useState<{ id: number; key: string } | null>(null);

  return (
    <Stack>
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
