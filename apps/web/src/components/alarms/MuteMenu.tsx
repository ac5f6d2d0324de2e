import { Fragment } from 'react';
import { Badge, Button, Group, Menu } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MUTE_HOURS, NOTIFICATION_TYPES } from '@hivescope/contract';
import { activeMute, useMuteMutations, useMutes } from '../../lib/mutes';
import { muteEnd } from './muteText';

type Props = { controllerId: number; controllerName: string; now: Date };

/**
 * The dashboard tile's mute button (docs/alarms.md, "API": the mute calls): a menu with each alarm type for 1 or 2 hours,
 * or its unmute while it is muted; the running mutes are shown as badges next to it.
 */
export function MuteMenu({ controllerId, controllerName, now }: Props) {
  const { t, i18n } = useTranslation('notifications');
  const mutes = useMutes(controllerId);
  const { mute, unmute } = useMuteMutations();
  const running = NOTIFICATION_TYPES.flatMap((type) => {
    const m = activeMute(mutes.data, type, now);
    return m ? [{ type, until: muteEnd(m, i18n.language) }] : [];
  });

  return (
    <Group gap="xs" wrap="wrap" data-testid={`mute-${controllerId}`}>
      {running.map(({ type, until }) => (
        <Badge
          key={type}
          color="gray"
          variant="light"
          leftSection={<IconBellOff size={12} />}
          data-testid={`mute-badge-${type}`}
        >
          {t('mute.badge', { type: t(`types.${type}`), time: until })}
        </Badge>
      ))}
      {/* no focus placeholder: the first item takes the focus (an unnamed focusable child breaks the menu role) */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={running.length ? <IconBellOff size={14} /> : <IconBell size={14} />}
            aria-label={t('mute.menuFor', { name: controllerName })}
            data-testid="mute-menu"
          >
            {t('mute.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="mute-menu-dropdown">
          {NOTIFICATION_TYPES.map((type, i) => {
            const current = activeMute(mutes.data, type, now);
            const typeLabel = t(`types.${type}`);
            return (
              <Fragment key={type}>
                {i > 0 && <Menu.Divider />}
                {current ? (
                  <Menu.Item
                    leftSection={<IconBell size={14} />}
                    onClick={() => unmute.mutate({ controllerId, type })}
                    data-testid={`unmute-${type}`}
                  >
                    {t('mute.unmuteItem', { type: typeLabel, time: muteEnd(current, i18n.language) })}
                  </Menu.Item>
                ) : (
                  MUTE_HOURS.map((hours) => (
                    <Menu.Item
                      key={hours}
                      leftSection={<IconBellOff size={14} />}
                      onClick={() => mute.mutate({ controllerId, type, hours })}
                      data-testid={`mute-${type}-${hours}`}
                    >
                      {t('mute.item', { type: typeLabel, count: hours })}
                    </Menu.Item>
                  ))
                )}
              </Fragment>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
