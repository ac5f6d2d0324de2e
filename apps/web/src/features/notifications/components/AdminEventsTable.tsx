import { Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isAnswerableAlarmType, type AdminEventListSort, type AlarmEvent } from '@hivescope/contract';
import { SortableTh } from '../../../components/list/SortableTh';
import type { ListState } from '../../../components/list/useListState';
import { DeleteIconButton } from '../../../components/ui/DeleteIconButton';
import { formatDateTime } from '../../../lib/format';
import { AnswerBadge } from './EventAnswer';

const DELIVERY_COLORS: Record<AlarmEvent['delivery'], string> = {
  pending: 'yellow',
  sent: 'green',
  muted: 'gray',
  stale: 'gray',
  off: 'gray',
  failed: 'red',
  none: 'gray',
};

/**
 * Events with time (of the reading), time found, controller, scale, type, text, delivery and answer; the two times
 * sort on the server; each row can be deleted.
 */
export function AdminEventsTable({
  events,
  list,
  onDelete,
}: {
  events: AlarmEvent[];
  list: ListState<AdminEventListSort>;
  onDelete: (event: AlarmEvent) => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped data-testid="admin-events-table">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="time" list={list} testId="admin-events">
              {t('events.time')}
            </SortableTh>
            <SortableTh column="detectedAt" list={list} testId="admin-events">
              {t('events.detectedAt')}
            </SortableTh>
            <Table.Th>{t('events.controller')}</Table.Th>
            <Table.Th>{t('events.scale')}</Table.Th>
            <Table.Th>{t('events.type')}</Table.Th>
            <Table.Th>{t('events.text')}</Table.Th>
            <Table.Th>{t('events.delivery')}</Table.Th>
            <Table.Th>{t('events.answer')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('events.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr
              key={event.id}
              data-testid={`admin-event-${event.id}`}
              data-type={event.type}
              data-controller={event.controllerId}
            >
              <Table.Td>{formatDateTime(event.time, i18n.language)}</Table.Td>
              <Table.Td>{formatDateTime(event.detectedAt, i18n.language)}</Table.Td>
              <Table.Td>
                {event.controllerName}
                <Text size="xs" c="dimmed">
                  {t('events.controllerId', { id: event.controllerId })}
                </Text>
              </Table.Td>
              <Table.Td>{event.scaleName ?? '–'}</Table.Td>
              <Table.Td>{t(`events.types.${event.type}`)}</Table.Td>
              <Table.Td>{event.text}</Table.Td>
              <Table.Td>
                <Badge color={DELIVERY_COLORS[event.delivery]} variant="light" data-testid="event-delivery">
                  {t(`events.deliveries.${event.delivery}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {isAnswerableAlarmType(event.type) && <AnswerBadge answer={event.answer} />}
              </Table.Td>
              <Table.Td>
                <DeleteIconButton
                  tooltip={t('events.delete')}
                  label={t('events.deleteFor', {
                    type: t(`events.types.${event.type}`),
                    time: formatDateTime(event.time, i18n.language),
                  })}
                  onClick={() => onDelete(event)}
                  testId="admin-event-delete"
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
