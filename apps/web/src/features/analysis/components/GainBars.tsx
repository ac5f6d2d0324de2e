import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScaleAnalysis } from '@hivescope/contract';
import { formatKg } from '../../../lib/format';

const BAR_W = 40;
const GAP = 24;
const H = 200;
const PAD = 18;

/**
 * The net gain per scale as bars around a zero line (SVG: a handful of bars need no chart library). A scale
 * without a net gain has no bar; each bar names its scale and value for screen readers.
 */
export function GainBars({ rows, label }: { rows: ScaleAnalysis[]; label: (idscale: number) => string }) {
  const { t, i18n } = useTranslation('analysis');
  const gains = rows.map((r) => r.netGain ?? 0);
  const top = Math.max(0, ...gains);
  const bottom = Math.min(0, ...gains);
  const span = top - bottom || 1;
  const y = (kg: number) => PAD + ((top - kg) / span) * (H - 2 * PAD);
  const width = rows.length * (BAR_W + GAP) + GAP;
  return (
    <Box data-testid="analysis-bars">
      <Text size="sm" fw={500}>
        {t('barsTitle')}
      </Text>
      <svg
        role="img"
        aria-label={t('barsTitle')}
        viewBox={`0 0 ${width} ${H + 20}`}
        width={Math.min(width, 900)}
      >
        <line x1={0} x2={width} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-gray-6)" />
        {rows.map((r, i) => {
          const x = GAP + i * (BAR_W + GAP);
          const kg = r.netGain;
          const text = `${label(r.idscale)}: ${formatKg(kg, i18n.language, true)}`;
          return (
            <g key={r.idscale}>
              {kg !== null && (
                <rect
                  x={x}
                  y={Math.min(y(kg), y(0))}
                  width={BAR_W}
                  height={Math.max(1, Math.abs(y(kg) - y(0)))}
                  fill={kg < 0 ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-green-6)'}
                  data-testid="analysis-bar"
                  aria-label={text}
                >
                  <title>{text}</title>
                </rect>
              )}
              <text x={x + BAR_W / 2} y={H + 14} fontSize={11} textAnchor="middle">
                {label(r.idscale).slice(0, 12)}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
