import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MUTE_HOURS, NOTIFICATION_TYPES } from '@hivescope/contract';
import { activeMute, useMuteMutations, useMutes } from '../../lib/mutes';
import { muteEnd } from './muteText';

type Props = { controllerId: number; now: Date; readOnly?: boolean };

/** Per alarm type of a controller: "muted until 14:30" with unmute, or mute for 1 or 2 hours. */
export function MuteControls({ controllerId, now, readOnly = false }: Props) {
  const { t, i18n } = useTranslation('notifications');
  const mutes = useMutes(controllerId);
  const { mute, unmute } = useMuteMutations();
  const busy = mute.isPending || unmute.isPending;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table data-testid={`mutes-${controllerId}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mute.type')}</Table.Th>
            <Table.Th>{t('mute.state')}</Table.Th>
            {!readOnly && (
              <Table.Th>
                <VisuallyHidden>{t('mute.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {NOTIFICATION_TYPES.map((type) => {
            const current = activeMute(mutes.data, type, now);
            const typeLabel = t(`types.${type}`);
            return (
              <Table.Tr key={type} data-testid={`mute-row-${type}`} data-muted={current ? 'true' : 'false'}>
                <Table.Td>{typeLabel}</Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="mute-state">
                    {current
                      ? t('mute.until', { time: muteEnd(current, i18n.language) })
                      : t('mute.notMuted')}
                  </Text>
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {current ? (
                        <Button
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconBell size={14} />}
                          disabled={busy}
                          aria-label={t('mute.unmuteType', { type: typeLabel })}
                          onClick={() => unmute.mutate({ controllerId, type })}
                          data-testid={`unmute-${type}`}
                        >
                          {t('mute.unmute')}
                        </Button>
                      ) : (
                        MUTE_HOURS.map((hours) => (
                          <Button
                            key={hours}
                            size="compact-sm"
                            variant="default"
                            leftSection={<IconBellOff size={14} />}
                            disabled={busy}
                            aria-label={t('mute.typeHours', { type: typeLabel, count: hours })}
                            onClick={() => mute.mutate({ controllerId, type, hours })}
                            data-testid={`mute-${type}-${hours}`}
                          >
                            {t('mute.hours', { count: hours })}
                          </Button>
                        ))
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
