import { Alert, Anchor, Grid, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { useControllers } from '../../../lib/controllers';
import { pickController, toControllerSection, type ControllerSection } from '../selection';
import { ControllerPicker } from './ControllerPicker';
import { ControllerSettings } from './ControllerSettings';
import { WatchedControllers } from './WatchedControllers';

/**
 * Settings → Controllers: the own controllers as a list and one controller's settings at a time, split into
 * general settings, load cells and scales, each saved on its own (`?controller=<id>&section=<id>`); watched
 * controllers read-only below.
 */
export default function ControllersSettingsTab() {
  const { t } = useTranslation(['controllers-settings', 'common', 'errors']);
  const query = useControllers();
  const [params, setParams] = useSearchParams();
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
  const selected = pickController(own, params.get('controller'));
  const section = toControllerSection(params.get('section'));
  const show = (controller: number, next: ControllerSection) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('controller', String(controller));
      updated.set('section', next);
      return updated;
    });

  return (
    <Stack data-testid="settings-tab-controllers">
      <Title order={2}>{t('common:settingsTabs.controllers')}</Title>
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
      {selected && (
        <Grid gap="lg">
          {own.length > 1 && (
            <Grid.Col span={{ base: 12, md: 3 }}>
              <ControllerPicker
                controllers={own}
                selected={selected.id}
                onSelect={(id) => show(id, section)}
              />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: own.length > 1 ? 9 : 12 }}>
            <ControllerSettings
              key={selected.id}
              controller={selected}
              section={section}
              onSection={(next) => show(selected.id, next)}
            />
          </Grid.Col>
        </Grid>
      )}
      <WatchedControllers controllers={watched} />
    </Stack>
  );
}
