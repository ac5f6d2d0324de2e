import { useState } from 'react';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ALARM_DELIVERIES,
  ALARM_TYPES,
  type AdminEventListSort,
  type AlarmDelivery,
  type AlarmEvent,
  type AlarmType,
} from '@hivescope/contract';
import { ListFooter } from '../../../components/list/ListFooter';
import { ListSearch } from '../../../components/list/ListSearch';
import { listParams, useListState } from '../../../components/list/useListState';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { formatDateTime } from '../../../lib/format';
import { useAdminEvents, useDeleteEvent } from '../api';
import { AdminEventsTable } from '../components/AdminEventsTable';

/** A typed controller id: a positive whole number, else no filter. */
function controllerFilter(typed: string): number | null {
  const n = Number(typed.trim());
  return typed.trim() !== '' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * /a/notifications — every alarm event, newest reading first, paged, searched, filtered and sorted on the
 * server (docs/api-conventions.md "Lists and pagination"): filter by type, controller and delivery, load
 * more, delete.
 */
export default function AdminNotificationsPage() {
  const { t, i18n } = useTranslation(['common', 'notifications']);
  const list = useListState<AdminEventListSort>('time', 'desc');
  const [type, setType] = useState<AlarmType | null>(null);
  const [delivery, setDelivery] = useState<AlarmDelivery | null>(null);
  const [controllerText, setControllerText] = useState('');
  const idcontroller = controllerFilter(controllerText);
  const { query, rows } = useAdminEvents({
    ...listParams(list),
    ...(type ? { type } : {}),
    ...(delivery ? { delivery } : {}),
    ...(idcontroller !== null ? { idcontroller } : {}),
  });
  const remove = useDeleteEvent();
  const [deleting, setDeleting] = useState<AlarmEvent | null>(null);
  const badController = controllerText.trim() !== '' && idcontroller === null;

  return (
    <Stack data-testid="admin-notifications">
      <PageTitle>{t('screens.adminNotifications')}</PageTitle>
      <Group align="flex-start">
        <ListSearch
          list={list}
          label={t('notifications:events.search')}
          placeholder={t('notifications:events.searchPlaceholder')}
          testId="admin-events-filter"
        />
        <Select
          label={t('notifications:events.filterType')}
          placeholder={t('notifications:events.allTypes')}
          data={ALARM_TYPES.map((a) => ({ value: a, label: t(`notifications:events.types.${a}`) }))}
          value={type}
          onChange={(v) => setType(v as AlarmType | null)}
          clearable
          w={220}
          data-testid="admin-events-type"
        />
        <Select
          label={t('notifications:events.delivery')}
          placeholder={t('notifications:events.allDeliveries')}
          data={ALARM_DELIVERIES.map((d) => ({ value: d, label: t(`notifications:events.deliveries.${d}`) }))}
          value={delivery}
          onChange={(v) => setDelivery(v as AlarmDelivery | null)}
          clearable
          w={220}
          data-testid="admin-events-delivery"
        />
        <TextInput
          label={t('notifications:events.filterController')}
          inputMode="numeric"
          value={controllerText}
          onChange={(e) => setControllerText(e.currentTarget.value)}
          error={badController ? t('notifications:events.controllerIdInvalid') : null}
          w={200}
          data-testid="admin-events-controller"
        />
      </Group>
      {query.isPending && <CenteredLoader />}
      {query.isError && <LoadError />}
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-testid="admin-events-empty">
          {t('notifications:events.none')}
        </Text>
      )}
      {rows.length > 0 && <AdminEventsTable events={rows} list={list} onDelete={setDeleting} />}
      <ListFooter loaded={rows.length} list={query} testId="admin-events" />
      <ConfirmModal
        opened={deleting !== null}
        title={t('notifications:events.deleteTitle')}
        text={
          deleting
            ? t('notifications:events.deleteText', {
                type: t(`notifications:events.types.${deleting.type}`),
                time: formatDateTime(deleting.time, i18n.language),
                controller: deleting.controllerName,
              })
            : ''
        }
        confirmLabel={t('notifications:events.delete')}
        cancelLabel={t('notifications:cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
        testId="admin-event-delete-dialog"
      />
    </Stack>
  );
}
