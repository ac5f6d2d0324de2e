import { useState } from 'react';
import { Accordion, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHANNELS_PER_CONTROLLER, type Controller } from '@hivescope/contract';
import { CreateScaleButton } from './CreateScaleButton';
import { ScaleEditForm } from './ScaleEditForm';

const CHANNELS = Array.from({ length: CHANNELS_PER_CONTROLLER }, (_, i) => i + 1);

/**
 * The 8 channels of an own controller, one opened at a time: its live scale (edit, archive) or
 * "set up a scale". Closed rows show the channel's input and scale name.
 */
export function ChannelsSection({ controller }: { controller: Controller }) {
  const { t } = useTranslation('controllers-settings');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="sm" data-testid={`channels-${controller.id}`}>
      <Title order={4}>{t('channels.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('channels.help')}
      </Text>
      <Accordion value={open} onChange={setOpen} variant="contained" keepMounted={false}>
        {CHANNELS.map((channel) => {
          const scale = controller.scales.find((s) => s.channel === channel && s.state !== 'archived');
          const kind = controller.channelConfig.find((e) => e.channel === channel)?.kind ?? 'none';
          return (
            <Accordion.Item key={channel} value={String(channel)} data-testid={`channel-row-${channel}`}>
              <Accordion.Control data-testid={`channel-toggle-${channel}`}>
                <Group justify="space-between" gap="xs" wrap="wrap" pr="xs">
                  <Text fw={600}>
                    {t('channels.channel', { channel })}
                    <Text span c={scale ? undefined : 'dimmed'} fw={400}>
                      {' · '}
                      {scale ? scale.name : t('channels.none')}
                    </Text>
                  </Text>
                  {/* light, not outline: the theme darkens light badges' text to 4.5:1 (docs/accessibility.md) */}
                  <Badge variant="light" color="gray" data-testid="channel-kind">
                    {t(`channelConfig.kinds.${kind}`)}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
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
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
