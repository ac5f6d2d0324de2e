import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AlarmEvent } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { ListFooter } from '../../../components/list/ListFooter';
import { formatDateTime } from '../../../lib/format';
import { timelineMomentLink } from '../../../lib/timelineUrl';
import { useRecentEvents } from '../useRecentEvents';
import { EventAnswer } from './EventAnswer';

/** Events per page: the newest first, "Load more" for older ones. */
const PAGE = 50;

function TimelineLink({ event }: { event: AlarmEvent }) {
  const { t } = useTranslation('notifications');
  // a subscription ending has no moment on the chart
  if (event.type === 'subscription') return null;
  const to = timelineMomentLink(event);
  return (
    <Anchor component={Link} to={to} size="sm" data-testid="event-timeline-link">
      {t('events.showOnTimeline')}
    </Anchor>
  );
}

/**
 * The caller's latest alarm events whatever their age, newest first, a page at a time (docs/alarms.md
 * "Recent events"); the owner answers swarm, disturbance and removed events here (docs/alarms.md "Answers").
 */
export function RecentEvents() {
  const { t, i18n } = useTranslation('notifications');
  const { query, events } = useRecentEvents(PAGE);
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) return <LoadError />;
  if (events.length === 0)
    return (
      <Text c="dimmed" data-testid="events-empty">
        {t('events.none')}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={860}>
        <Table striped data-testid="events-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('events.time')}</Table.Th>
              <Table.Th>{t('events.type')}</Table.Th>
              <Table.Th>{t('events.scale')}</Table.Th>
              <Table.Th>{t('events.text')}</Table.Th>
              <Table.Th>{t('events.timeline')}</Table.Th>
              <Table.Th>{t('answer.column')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <Table.Tr key={event.id} data-testid={`event-row-${event.id}`} data-type={event.type}>
                <Table.Td>{formatDateTime(event.time, i18n.language)}</Table.Td>
                <Table.Td>{t(`events.types.${event.type}`)}</Table.Td>
                <Table.Td>
                  {event.scaleName ?? event.controllerName}
                  {event.scaleName && (
                    <Text size="xs" c="dimmed">
                      {event.controllerName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{event.text}</Table.Td>
                <Table.Td>
                  <TimelineLink event={event} />
                </Table.Td>
                <Table.Td>
                  <EventAnswer event={event} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListFooter loaded={events.length} list={query} testId="events" />
    </>
  );
}
