import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHANNELS_PER_CONTROLLER, type Controller } from '@hivescope/contract';
import { CreateScaleButton } from './CreateScaleButton';
import { ScaleEditForm } from './ScaleEditForm';

const CHANNELS = Array.from({ length: CHANNELS_PER_CONTROLLER }, (_, i) => i + 1);

/** The 8 channels of an own controller with the live scale of each (edit, archive) or "set up a scale". */
export function ChannelsSection({ controller }: { controller: Controller }) {
  const { t } = useTranslation('controllers-settings');
  return (
    <Stack gap="sm" data-testid={`channels-${controller.id}`}>
      <Title order={4}>{t('channels.title')}</Title>
      {CHANNELS.map((channel) => {
        const scale = controller.scales.find((s) => s.channel === channel && s.state !== 'archived');
        const kind = controller.channelConfig.find((e) => e.channel === channel)?.kind ?? 'none';
        return (
          <Paper key={channel} withBorder p="sm" radius="md" data-testid={`channel-row-${channel}`}>
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{t('channels.channel', { channel })}</Text>
                <Badge variant="outline" color="gray">
                  {t(`channelConfig.kinds.${kind}`)}
                </Badge>
              </Group>
              {scale ? (
                <ScaleEditForm key={scale.idscale} scale={scale} />
              ) : (
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('channels.free')}
                  </Text>
                  <CreateScaleButton
                    controllerId={controller.id}
                    channel={channel}
                    defaultType={kind === 'sensor' ? 'sensor' : 'weight'}
                  />
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
