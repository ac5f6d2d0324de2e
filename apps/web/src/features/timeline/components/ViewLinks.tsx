import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { newShareUrl } from '../../../lib/shareUrl';
import type { ChartState } from '../chartState';
import type { Range } from '../range';

const LIVE_DAYS = { '24h': 1, '7d': 7, '30d': 30 } as const;

/** The share button's link: the shown scales and series over the shown range (a live window as a live feed). */
function shareLink(state: ChartState, range: Range, shown: number[]): string {
  const series = [...new Set(state.series.map((k) => k.series))];
  return state.live
    ? newShareUrl({ scales: shown, series, type: 'live', days: LIVE_DAYS[state.live] })
    : newShareUrl({ scales: shown, series, type: 'fixed', xmin: range.xmin, xmax: range.xmax });
}

/** The links above the chart: the shown scales' heat map on /analysis, and sharing this view. */
export function ViewLinks({ state, range, shown }: { state: ChartState; range: Range; shown: number[] }) {
  const { t } = useTranslation(['analysis', 'sharing']);
  return (
    <Group justify="flex-end">
      {/* the heat map of the shown scales over this season lives on /analysis (docs/timeline.md) */}
      <Button
        component={Link}
        to={`/analysis?view=heatmap${shown.length ? `&scales=${shown.join(',')}` : ''}`}
        variant="light"
        size="xs"
        data-testid="timeline-heatmap"
      >
        {t('analysis:openHeatmap')}
      </Button>
      {/* displayShare: the create form of Settings → Sharing, prefilled with this view (docs/shares.md) */}
      <Button
        component={Link}
        to={shareLink(state, range, shown)}
        variant="light"
        size="xs"
        title={t('sharing:shareButtonHint')}
        data-testid="timeline-share"
      >
        {t('sharing:shareButton')}
      </Button>
    </Group>
  );
}
