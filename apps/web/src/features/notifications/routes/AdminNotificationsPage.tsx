import { useState } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALARM_DELIVERIES, ALARM_TYPES, type AdminEventListSort, type AlarmEvent } from '@hivescope/contract';
import { FilterSelect, useListFilter } from '../../../components/list/FilterSelect';
import { ListFooter } from '../../../components/list/ListFooter';
import { ListHeader } from '../../../components/list/ListHeader';
import { ListStatus } from '../../../components/list/ListStatus';
import { listParams, useListState } from '../../../components/list/useListState';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { PageTitle } from '../../../components/ui/PageTitle';
import { formatDateTime } from '../../../lib/format';
import { useAdminEvents, useDeleteEvent } from '../api';
import { AdminEventsTable } from '../components/AdminEventsTable';
import { AnswerPrecision } from '../components/AnswerPrecision';

/** A typed controller id: a positive whole number, else no filter. */
function controllerFilter(typed: string): number | null {
  const n = Number(typed.trim());
  return typed.trim() !== '' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * /a/notifications — every alarm event, newest reading first, paged, searched, filtered and sorted on the
 * server (docs/api-conventions.md "Lists and pagination"): filter by type, controller and delivery, load
 * more, delete; above it the precision of the beekeepers' answers per type (docs/alarms.md "Answers").
 */
export default function AdminNotificationsPage() {
  const { t, i18n } = useTranslation(['common', 'notifications']);
  const list = useListState<AdminEventListSort>('time', 'desc');
  const type = useListFilter(ALARM_TYPES, (a) => t(`notifications:events.types.${a}`));
  const delivery = useListFilter(ALARM_DELIVERIES, (d) => t(`notifications:events.deliveries.${d}`));
  const [controllerText, setControllerText] = useState('');
  const idcontroller = controllerFilter(controllerText);
  const { query, rows } = useAdminEvents({
    ...listParams(list),
    ...(type.value ? { type: type.value } : {}),
    ...(delivery.value ? { delivery: delivery.value } : {}),
    ...(idcontroller !== null ? { idcontroller } : {}),
  });
  const remove = useDeleteEvent();
  const [deleting, setDeleting] = useState<AlarmEvent | null>(null);
  const badController = controllerText.trim() !== '' && idcontroller === null;

  return (
    <Stack data-testid="admin-notifications">
      <PageTitle>{t('screens.adminNotifications')}</PageTitle>
      <AnswerPrecision />
      <ListHeader
        list={list}
        search={{
          label: t('notifications:events.search'),
          placeholder: t('notifications:events.searchPlaceholder'),
          testId: 'admin-events-filter',
        }}
        align="flex-start"
      >
        <FilterSelect
          filter={type}
          label={t('notifications:events.filterType')}
          placeholder={t('notifications:events.allTypes')}
          testId="admin-events-type"
        />
        <FilterSelect
          filter={delivery}
          label={t('notifications:events.delivery')}
          placeholder={t('notifications:events.allDeliveries')}
          testId="admin-events-delivery"
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
      </ListHeader>
      <ListStatus
        query={query}
        loaded={rows.length}
        empty={t('notifications:events.none')}
        emptyTestId="admin-events-empty"
      />
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
