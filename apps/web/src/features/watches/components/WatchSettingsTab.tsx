import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddWatchForm } from './AddWatchForm';
import { OwnWatchCodes } from './OwnWatchCodes';
import { WatchedList } from './WatchedList';

/** Settings → Watch Transmitters: watch others' controllers by code; give and renew one's own codes. */
export default function WatchSettingsTab() {
  const { t } = useTranslation('watches');
  return (
    <Stack data-testid="settings-tab-watchTransmitters" maw={900} gap="lg">
      <Stack gap="xs">
        <Title order={2}>{t('watchedTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('watchedIntro')}
        </Text>
        <AddWatchForm />
        <WatchedList />
      </Stack>
      <Stack gap="xs">
        <Title order={2}>{t('ownTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('ownIntro')}
        </Text>
        <OwnWatchCodes />
      </Stack>
    </Stack>
  );
}
