import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Controller, MidnightValues } from '@hivescope/contract';
import type { DashboardMode } from '../../../app/store/settingsSlice';
import type { Sparklines } from '../api';
import { midnightWeight, visibleScales } from '../dashboard';
import { ControllerHeader } from './ControllerHeader';
import { ScaleBar } from './ScaleBar';
import { ScaleTile } from './ScaleTile';

type Props = {
  controller: Controller;
  midnight: MidnightValues | undefined;
  mode: DashboardMode;
  /** 100 % of the bars: the largest net weight on the dashboard. */
  maxNet: number;
  now: Date;
  sparklines: Sparklines;
};

/** A controller with its visible scales as tiles (classic, activity) or bars. */
export function ControllerCard({ controller, midnight, mode, maxNet, now, sparklines }: Props) {
  const { t } = useTranslation();
  const scales = visibleScales(controller);
  return (
    <Card withBorder radius="md" padding="md" data-testid={`controller-card-${controller.id}`}>
      <Stack gap="md">
        <ControllerHeader controller={controller} now={now} />
        {scales.length === 0 && (
          <Text c="dimmed" data-testid="controller-no-scales">
            {t('errors:noData')}
          </Text>
        )}
        {mode === 'bars' ? (
          <Stack gap="xs">
            {scales.map((scale) => (
              <ScaleBar
                key={scale.idscale}
                scale={scale}
                midnight={midnightWeight(midnight, scale.idscale)}
                maxNet={maxNet}
              />
            ))}
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
            {scales.map((scale) => (
              <ScaleTile
                key={scale.idscale}
                scale={scale}
                midnight={midnightWeight(midnight, scale.idscale)}
                mode={mode}
                now={now}
                sparkline={sparklines.byScale.get(scale.idscale)}
                sparkRange={sparklines.range}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
