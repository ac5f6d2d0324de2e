import { Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/appConfig';
import { currentHostname, hostKind } from '../../lib/host';
import { BrandSwitch } from './BrandSwitch';

/** Powered-by credit, icon and weather credits, build revision; the brand switch on localhost. */
export function Footer() {
  const { t } = useTranslation('common');
  const { data } = useAppConfig();
  return (
    <Stack component="footer" gap="xs" mt="xl" pt="md" pb="md" data-testid="footer">
      <Divider />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('footer.poweredBy')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('footer.icons')}{' '}
          <Anchor
            href="https://tabler.io/icons"
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            underline="always"
          >
            Tabler Icons
          </Anchor>{' '}
          {t('footer.iconsLicense')} · {t('footer.weather')}
        </Text>
        <Text size="xs" c="dimmed" data-testid="build-revision">
          {t('footer.revision', { revision: data?.buildRevision ?? '…' })}
        </Text>
      </Group>
      {hostKind(currentHostname()) === 'local' && (
        <Group justify="flex-end">
          <BrandSwitch />
        </Group>
      )}
    </Stack>
  );
}
