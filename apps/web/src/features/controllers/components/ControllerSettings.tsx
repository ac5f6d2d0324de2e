import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';
import { CONTROLLER_SECTIONS, type ControllerSection } from '../selection';
import { ChannelConfigForm } from './ChannelConfigForm';
import { ChannelsSection } from './ChannelsSection';
import { ControllerForm } from './ControllerForm';
import { ForwardingSection } from '../forwarding/ForwardingSection';
import { RenewalSection } from './RenewalSection';

type Props = {
  controller: Controller;
  section: ControllerSection;
  onSection: (section: ControllerSection) => void;
};

/**
 * One own controller: general settings, load cells, scales or forwarding, one part (and one save action) at a
 * time.
 */
export function ControllerSettings({ controller, section, onSection }: Props) {
  const { t } = useTranslation('controllers-settings');
  return (
    <Stack gap="sm" data-testid={`controller-settings-${controller.id}`}>
      <Title order={3} data-testid="controller-settings-name">
        {controller.name}
      </Title>
      <RenewalSection controller={controller} />
      <Tabs
        value={section}
        onChange={(value) => value && onSection(value as ControllerSection)}
        keepMounted={false}
        variant="pills"
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {CONTROLLER_SECTIONS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`controller-section-${id}`}>
              {t(`sections.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          <ControllerForm controller={controller} />
        </Tabs.Panel>
        <Tabs.Panel value="loadCells" pt="md">
          <ChannelConfigForm controller={controller} />
        </Tabs.Panel>
        <Tabs.Panel value="scales" pt="md">
          <ChannelsSection controller={controller} />
        </Tabs.Panel>
        <Tabs.Panel value="forwarding" pt="md">
          <ForwardingSection controller={controller} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
