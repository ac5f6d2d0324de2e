import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALARM_TYPES, type AlarmEvent, type AlarmType } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { formatDateTime } from '../../../lib/format';
import { useAdminEvents, useDeleteEvent, type AdminEventFilter } from '../api';
import { AdminEventsTable } from '../components/AdminEventsTable';

/** A typed controller id: a positive whole number, else no filter. */
function controllerFilter(typed: string): number | null {
  const n = Number(typed.trim());
  return typed.trim() !== '' && Number.isInteger(n) && n > 0 ? n : null;
}

/** /a/notifications — every alarm event, newest first: filter by type and controller, load more, delete. */
export default function AdminNotificationsPage() {
  const { t, i18n } = useTranslation(['common', 'notifications']);
  const [type, setType] = useState<AlarmType | null>(null);
  const [controllerText, setControllerText] = useState('');
  const filter: AdminEventFilter = { type, idcontroller: controllerFilter(controllerText) };
  const events = useAdminEvents(filter);
  const remove = useDeleteEvent();
  const [deleting, setDeleting] = useState<AlarmEvent | null>(null);
  const rows = events.data?.pages.flatMap((p) => p.items) ?? [];
  const badController = controllerText.trim() !== '' && filter.idcontroller === null;

  return (
    <Stack data-testid="admin-notifications">
      <PageTitle>{t('screens.adminNotifications')}</PageTitle>
      <Group align="flex-start">
        <Select
          label={t('notifications:events.filterType')}
          placeholder={t('notifications:events.allTypes')}
          data={ALARM_TYPES.map((a) => ({ value: a, label: t(`notifications:events.types.${a}`) }))}
          value={type}
          onChange={(v) => setType(v as AlarmType | null)}
          clearable
          w={240}
          data-testid="admin-events-type"
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
      {events.isPending && <CenteredLoader />}
      {events.isError && <LoadError />}
      {events.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-testid="admin-events-empty">
          {t('notifications:events.none')}
        </Text>
      )}
      {rows.length > 0 && <AdminEventsTable events={rows} onDelete={setDeleting} />}
      {events.hasNextPage && (
        <Group justify="center">
          <Button
            variant="light"
            onClick={() => void events.fetchNextPage()}
            loading={events.isFetchingNextPage}
            data-testid="admin-events-more"
          >
            {t('notifications:events.loadMore')}
          </Button>
        </Group>
      )}
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
