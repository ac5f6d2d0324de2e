import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { useControllers } from '../../../lib/controllers';
import { AddChannelForm } from './AddChannelForm';
import { ChannelsList } from './ChannelsList';
import { ControllerAlarms } from './ControllerAlarms';
import { RecentEvents } from './RecentEvents';

/** The person's own controllers (watched ones are read-only and send them no alarms). */
function OwnControllers() {
  const { t } = useTranslation('notifications');
  const controllers = useControllers();
  if (controllers.isPending) return <CenteredLoader />;
  if (controllers.isError) return <LoadError />;
  const own = controllers.data.filter((c) => !c.readOnly);
  if (own.length === 0)
    return (
      <Text c="dimmed" data-testid="alarms-no-controllers">
        {t('alarms.noControllers')}
      </Text>
    );
  return (
    <Stack gap="md">
      {own.map((c) => (
        <ControllerAlarms key={c.id} controller={c} />
      ))}
    </Stack>
  );
}

/** Settings → Notifications: where alarms go (channels), which alarms per controller, mutes, recent alarms. */
export default function NotificationsSettingsTab() {
  const { t } = useTranslation('notifications');
  return (
    <Stack data-testid="settings-tab-notifications" gap="xl" maw={1000}>
      <Stack gap="xs">
        <Title order={2}>{t('channels.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('channels.intro')}
        </Text>
        <ChannelsList />
        <AddChannelForm />
      </Stack>
      <Stack gap="xs">
        <Title order={2}>{t('alarms.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('alarms.intro')}
        </Text>
        <OwnControllers />
      </Stack>
      <Stack gap="xs">
        <Title order={2}>{t('events.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('events.intro')}
        </Text>
        <RecentEvents />
      </Stack>
    </Stack>
  );
}
