import { useState } from 'react';
import { Accordion, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHANNELS_PER_CONTROLLER, type Controller } from '@hivescope/contract';
import { ChannelForwardings } from './ChannelForwardings';

const CHANNELS = Array.from({ length: CHANNELS_PER_CONTROLLER }, (_, i) => i + 1);

/**
 * Settings → Controllers → Forwarding: the 8 channels of an own controller (owner or admin: the settings
 * show only controllers that are not read-only), one opened at a time with its forwardings
 * (docs/forwarding.md). A channel's list is read only when it is opened.
 */
export function ForwardingSection({ controller }: { controller: Controller }) {
  const { t } = useTranslation(['forwarding', 'controllers-settings']);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="sm" data-testid={`forwarding-${controller.id}`}>
      <Title order={4}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('help')}
      </Text>
      {/* the open item's grey would take error messages below 4.5:1 (docs/accessibility.md): white panel */}
      <Accordion
        value={open}
        onChange={setOpen}
        variant="contained"
        keepMounted={false}
        styles={{ panel: { backgroundColor: 'var(--mantine-color-body)' } }}
      >
        {CHANNELS.map((channel) => {
          const scale = controller.scales.find((s) => s.channel === channel && s.state !== 'archived');
          return (
            <Accordion.Item
              key={channel}
              value={String(channel)}
              data-testid={`forwarding-channel-${channel}`}
            >
              <Accordion.Control data-testid={`forwarding-channel-toggle-${channel}`}>
                <Text fw={600}>
                  {t('controllers-settings:channels.channel', { channel })}
                  <Text span c={scale ? undefined : 'dimmed'} fw={400}>
                    {' · '}
                    {scale ? scale.name : t('controllers-settings:channels.none')}
                  </Text>
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <ChannelForwardings controllerId={controller.id} channel={channel} />
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
