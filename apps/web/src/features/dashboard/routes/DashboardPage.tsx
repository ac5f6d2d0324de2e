import { useMemo } from 'react';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useDashboardControllers, useMidnightValues, useSparklines } from '../api';
import { maxNetWeight, visibleScales } from '../dashboard';
import { ControllerCard } from '../components/ControllerCard';
import { DashboardEmpty } from '../components/DashboardEmpty';
import { TileModeSwitch, useDashboardMode } from '../components/TileModeSwitch';
import { useNow } from '../useDashboardView';

/** /dashboard — the user's scales as tiles, grouped by controller, reloaded every minute. */
export default function DashboardPage() {
  const { t } = useTranslation(['common', 'dashboard', 'errors']);
  const mode = useDashboardMode();
  const now = useNow();
  const query = useDashboardControllers();
  const controllers = useMemo(() => query.data ?? [], [query.data]);
  const midnight = useMidnightValues(controllers.map((c) => c.id));
  const maxNet = useMemo(() => maxNetWeight(controllers.flatMap(visibleScales)), [controllers]);
  // the tiles' sparklines (none in the bars display): the visible weight scales, in one series call
  const weightIds = useMemo(
    () =>
      mode === 'bars'
        ? []
        : controllers.flatMap(visibleScales).flatMap((s) => (s.type === 'weight' ? [s.idscale] : [])),
    [controllers, mode],
  );
  const sparklines = useSparklines(weightIds);

  return (
    <Stack data-testid="dashboard">
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t('common:screens.dashboard')}</PageTitle>
        <TileModeSwitch />
      </Group>
      {query.isPending && <CenteredLoader testId="dashboard-loading" />}
      {query.isError && !query.data && (
        <Alert color="red" title={t('errors:loadError')} data-testid="dashboard-error">
          {query.error.message}
        </Alert>
      )}
      {query.isError && query.data && (
        <Text size="sm" c="orange" data-testid="dashboard-stale">
          {t('dashboard:stale')}
        </Text>
      )}
      {query.isSuccess && controllers.length === 0 && <DashboardEmpty />}
      {controllers.map((controller) => (
        <ControllerCard
          key={controller.id}
          controller={controller}
          midnight={midnight.get(controller.id)}
          mode={mode}
          maxNet={maxNet}
          now={now}
          sparklines={sparklines}
        />
      ))}
    </Stack>
  );
}
