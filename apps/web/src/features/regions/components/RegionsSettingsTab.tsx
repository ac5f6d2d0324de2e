import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RegionsManager } from './RegionsManager';

/** Settings → Regions: the user's own regions, and the global ones read-only (docs/regions.md). */
export default function RegionsSettingsTab() {
  const { t } = useTranslation('regions');
  return (
    <Stack data-testid="settings-tab-regions" maw={1000} gap="sm">
      <Title order={2}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <RegionsManager scope="own" />
    </Stack>
  );
}
