import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatKg } from '../../../lib/format';
import { sparklinePaths, sparklineTrend, type SparklineData } from '../sparkline';
import { useLocale } from '../useDashboardView';

const WIDTH = 200;
const HEIGHT = 36;

type Props = { data: SparklineData | undefined; range: { xmin: number; xmax: number } | null };

/**
 * A scale's weight over the last 7 days as a plain SVG line (no chart library on the dashboard). Its
 * label summarises the trend for screen readers ("from 40 kg to 43 kg"); no data: nothing is drawn.
 */
export function Sparkline({ data, range }: Props) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const trend = data ? sparklineTrend(data) : null;
  if (!data || !range || !trend) return null;
  const paths = sparklinePaths(data, range, WIDTH, HEIGHT);
  const label = t('sparklineLabel', {
    first: formatKg(trend.first, locale),
    last: formatKg(trend.last, locale),
  });
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      w="100%"
      h={HEIGHT}
      role="img"
      aria-label={label}
      data-testid="scale-sparkline"
      data-points={data.values.filter((v) => v !== null).length}
      style={{ display: 'block', overflow: 'visible' }}
    >
      <title>{label}</title>
      {paths.map((points, i) => (
        <polyline
          key={i}
          points={points}
          fill="none"
          stroke="var(--mantine-primary-color-filled)"
          strokeWidth={1.5}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </Box>
  );
}
