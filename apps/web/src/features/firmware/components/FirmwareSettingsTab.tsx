import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FirmwareManager } from './FirmwareManager';

/**
 * Settings tab "firmware" (admins): the same firmware administration as /a/firmware, embedded, with a link to
 * the page of its own (docs/firmware.md "Web").
 */
export default function FirmwareSettingsTab() {
  const { t } = useTranslation('firmware');
  return (
    <Stack data-testid="settings-tab-firmware" maw={1200} gap="sm">
      <Title order={2}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro')}{' '}
        <Anchor component={Link} to="/a/firmware" data-testid="firmware-page-link">
          {t('openPage')}
        </Anchor>
      </Text>
      <FirmwareManager />
    </Stack>
  );
}
