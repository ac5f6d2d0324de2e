import { Accordion, Alert, Anchor, Divider, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { useControllers } from '../api';
import { ChannelConfigForm } from './ChannelConfigForm';
import { ChannelsSection } from './ChannelsSection';
import { ControllerForm } from './ControllerForm';
import { WatchedControllers } from './WatchedControllers';

/** Settings → Controllers: the owner's settings, load-cell configuration and channels; watched ones read-only. */
export default function ControllersSettingsTab() {
  const { t } = useTranslation(['controllers-settings', 'common', 'errors']);
  const query = useControllers();
  if (query.isPending) return <CenteredLoader testId="controllers-loading" />;
  if (query.isError) {
    return (
      <Alert color="red" data-testid="load-error">
        {t('errors:loadError')}
      </Alert>
    );
  }
  const own = query.data.filter((c) => !c.readOnly);
  const watched = query.data.filter((c) => c.readOnly);

  return (
    <Stack data-testid="settings-tab-controllers">
      <Title order={3}>{t('common:settingsTabs.controllers')}</Title>
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      {own.length === 0 && (
        <Alert data-testid="controllers-empty" title={t('errors:noData')}>
          <Stack gap={4}>
            <Text size="sm">{t('empty')}</Text>
            <Anchor
              component={Link}
              to="/settings?tab=registerTransmitters"
              data-testid="controllers-register-link"
            >
              {t('registerLink')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Accordion multiple defaultValue={own.map((c) => String(c.id))} keepMounted={false} variant="separated">
        {own.map((controller) => (
          <Accordion.Item
            key={controller.id}
            value={String(controller.id)}
            data-testid={`controller-settings-${controller.id}`}
          >
            <Accordion.Control data-testid={`controller-toggle-${controller.id}`}>
              <Text fw={600}>{controller.name}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="lg">
                <ControllerForm controller={controller} />
                <Divider />
                <ChannelConfigForm controller={controller} />
                <Divider />
                <ChannelsSection controller={controller} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <WatchedControllers controllers={watched} />
    </Stack>
  );
}
