import { useMemo } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isScaleSeries, SHARE_REFRESH_MS, type SeriesRequest, type ShareView } from '@hivescope/contract';
import { TimeChart } from '../../../components/chart/TimeChart';
import type { ChartMarker } from '../../../components/chart/lines';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ApiError } from '../../../lib/api';
import { fetchInterventions, fetchSeries } from '../../../lib/seriesApi';
import { fetchShareView } from '../api';
import { sharedLines } from '../sharedLines';
import { ShareUnavailable } from '../components/ShareUnavailable';

const hasToken = () => new URLSearchParams(window.location.search).has('token');

function seriesRequest(view: ShareView): SeriesRequest {
  const withController = view.series.some((s) => !isScaleSeries(s));
  return {
    scales: view.scales.map((s) => s.id),
    ...(withController ? { controllers: view.controllers } : {}),
    series: view.series,
    xmin: view.xmin,
    xmax: view.xmax,
  };
}

/**
 * /shared/timeline and /shared/livefeed (docs/shares.md): the read-only chart of a share, opened with its
 * link's token (sent as X-Share-Token by lib/api). Moving ranges (live feed, year to date) reload every
 * few minutes; a removed or broken share shows the share-unavailable page.
 */
export default function SharedViewPage() {
  const { t, i18n } = useTranslation(['sharing', 'timeline', 'errors']);
  const token = hasToken();
  const view = useQuery({
    queryKey: ['share-view'],
    queryFn: fetchShareView,
    enabled: token,
    retry: false,
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data && q.state.data.type !== 'fixed' ? SHARE_REFRESH_MS : false),
  });
  const request = view.data ? seriesRequest(view.data) : null;
  const series = useQuery({
    queryKey: ['share-series', request],
    queryFn: ({ signal }) => fetchSeries(request as SeriesRequest, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
    // a moving range reloads even within the same minute bucket: new readings arrive (the server caches ≤ 30 s)
    refetchInterval: view.data && view.data.type !== 'fixed' ? SHARE_REFRESH_MS : false,
  });
  const range = request ? { scales: request.scales ?? [], xmin: request.xmin, xmax: request.xmax } : null;
  const interventions = useQuery({
    queryKey: ['share-interventions', range],
    queryFn: () => fetchInterventions(range as NonNullable<typeof range>),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
  const lines = useMemo(
    () =>
      view.data && series.data
        ? sharedLines(view.data, series.data.series, (s) => t(`timeline:series.${s}`))
        : [],
    [view.data, series.data, t],
  );
  const markers: ChartMarker[] = useMemo(
    () =>
      (interventions.data ?? []).map((i) => ({
        id: String(i.id),
        time: Date.parse(i.time) / 1000,
        label: t(`timeline:label.${i.label}`),
      })),
    [interventions.data, t],
  );

  const failed = (e: unknown) => e instanceof ApiError && [403, 404].includes(e.status);
  if (!token || failed(view.error) || failed(series.error)) return <ShareUnavailable />;
  if (view.isPending) return <CenteredLoader testId="shared-loading" />;
  if (view.isError) return <ShareUnavailable />;
  const data = view.data;
  return (
    <Stack data-testid="shared-view" data-share-type={data.type}>
      <PageTitle>{data.description || t('sharing:public.title')}</PageTitle>
      <Group gap="xs">
        <Badge variant="light">{t(`sharing:types.${data.type}`)}</Badge>
        <Text size="sm" c="dimmed">
          {data.type === 'fixed' ? t('sharing:public.readOnly') : t('sharing:public.live')}
        </Text>
        {series.isFetching && (
          <Text size="sm" c="dimmed" role="status">
            {t('timeline:refreshing')}
          </Text>
        )}
      </Group>
      <Text size="sm">{data.scales.map((s) => s.name).join(', ')}</Text>
      {series.isPending && <CenteredLoader testId="shared-series-loading" />}
      {series.data && lines.length > 0 && (
        <div data-testid="shared-chart" data-xmax={data.xmax}>
          <TimeChart
            lines={lines}
            xmin={data.xmin}
            xmax={data.xmax}
            locale={i18n.language}
            markers={markers}
          />
        </div>
      )}
      {series.data && lines.length === 0 && (
        <Text c="dimmed" data-testid="chart-no-data">
          {t('errors:noData')}
        </Text>
      )}
    </Stack>
  );
}
