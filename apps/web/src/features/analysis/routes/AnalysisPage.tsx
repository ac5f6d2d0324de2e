import { useCallback, useMemo } from 'react';
import { Alert, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isManagerRole, type Controller } from '@hivescope/contract';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { isApiError } from '../../../lib/api';
import { useControllers } from '../../../lib/controllers';
import { toastError } from '../../../lib/toast';
import { fetchController, useAnalysis } from '../api';
import { AnalysisTable } from '../components/AnalysisTable';
import { GainBars } from '../components/GainBars';
import { HeatMapPanel } from '../components/HeatMapPanel';
import { PeriodPicker } from '../components/PeriodPicker';
import { ScalePicker } from '../components/ScalePicker';
import { useAnalysisState, type View } from '../state';

const controllerKey = (id: number) => ['controllers', id, 'analysis'] as const;

/** Own and watched controllers, plus those an admin or manager added by id (each once). */
function usePickable(added: number[]) {
  const own = useControllers();
  const extra = useQueries({
    queries: added.map((id) => ({ queryKey: controllerKey(id), queryFn: () => fetchController(id) })),
  });
  const controllers = useMemo(() => {
    const all: Controller[] = [...(own.data ?? [])];
    for (const q of extra) if (q.data && !all.some((c) => c.id === q.data.id)) all.push(q.data);
    return all;
  }, [own.data, extra]);
  return { own, controllers };
}

function Results({ scales, period }: { scales: number[]; period: { from: string; to: string } }) {
  const { t } = useTranslation(['analysis', 'errors']);
  const query = useAnalysis(scales.length ? { scales, ...period } : null);
  if (!scales.length) return <Text c="dimmed">{t('errors:selectScalesFirst')}</Text>;
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) return <Alert color="red">{t('loadError')}</Alert>;
  const label = (id: number) => query.data.scales.find((s) => s.idscale === id)?.name ?? `#${id}`;
  return (
    <Stack>
      <AnalysisTable rows={query.data.scales} label={label} />
      <GainBars rows={query.data.scales} label={label} />
      <Text size="xs" c="dimmed">
        {t('explain')}
      </Text>
    </Stack>
  );
}

/** /analysis: figures and heat maps of chosen scales over a period (docs/timeline.md, "Heat map and analysis"). */
export default function AnalysisPage() {
  const { t } = useTranslation(['analysis', 'common']);
  const [state, update] = useAnalysisState();
  const user = useAppSelector(selectUser);
  const mayAddAny = !!user && (user.admin || user.manager || isManagerRole(user.role));
  const { own, controllers } = usePickable(state.controllers);
  const queryClient = useQueryClient();

  const addController = useCallback(
    async (id: number) => {
      try {
        // silent: the refusal is toasted once, below (the cache would toast it too)
        await queryClient.fetchQuery({
          queryKey: controllerKey(id),
          queryFn: () => fetchController(id),
          meta: { silent: true },
        });
        if (!state.controllers.includes(id)) update({ controllers: [...state.controllers, id] });
      } catch (err) {
        toastError(isApiError(err) || err instanceof Error ? err.message : String(err));
      }
    },
    [queryClient, state.controllers, update],
  );
  const scaleLabels = useMemo(
    () =>
      controllers.flatMap((c) =>
        c.scales
          .filter((s) => state.scales.includes(s.idscale))
          .map((s) => ({
            idscale: s.idscale,
            label: `${s.name} (${c.name})`,
            controllerId: c.id,
            timeZone: c.timeZone,
          })),
      ),
    [controllers, state.scales],
  );
  const period = { from: state.from, to: state.to };

  return (
    <Stack data-testid="analysis">
      <PageTitle>{t('common:screens.analysis')}</PageTitle>
      {own.isPending && <CenteredLoader />}
      {own.isError && <LoadError />}
      {own.data && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            {t('scales')}
          </Title>
          <ScalePicker
            controllers={controllers}
            selected={state.scales}
            onChange={(scales) => update({ scales })}
            {...(mayAddAny ? { onAddController: addController } : {})}
          />
        </Paper>
      )}
      <Paper withBorder p="md">
        <PeriodPicker period={period} onChange={(p) => update(p)} />
      </Paper>
      <Tabs value={state.view} onChange={(v) => update({ view: (v ?? 'table') as View })}>
        <Tabs.List>
          <Tabs.Tab value="table" data-testid="analysis-tab-table">
            {t('tabFigures')}
          </Tabs.Tab>
          <Tabs.Tab value="heatmap" data-testid="analysis-tab-heatmap">
            {t('tabHeatmap')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="table" pt="md">
          {state.view === 'table' && <Results scales={state.scales} period={period} />}
        </Tabs.Panel>
        <Tabs.Panel value="heatmap" pt="md">
          {state.view === 'heatmap' &&
            (scaleLabels.length ? (
              <HeatMapPanel
                period={period}
                scales={scaleLabels}
                hoursScale={state.hours}
                onHoursScale={(hours) => update({ hours })}
              />
            ) : (
              <Text c="dimmed">{t('errors:selectScalesFirst')}</Text>
            ))}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
