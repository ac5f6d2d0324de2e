import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { Scale } from '@hivescope/contract';
import { barPercent, tileValues } from '../dashboard';
import { formatCelsius, formatHumidity, formatKg } from '../../../lib/format';
import { useLocale } from '../useDashboardView';
import { ChangeValue } from './ChangeValue';
import { ScaleName } from './ScaleTile';

type Props = { scale: Scale; midnight: number | null; maxNet: number };

/** One scale in the bars display: a bar proportional to the net weight, with the kg value. */
export function ScaleBar({ scale, midnight, maxNet }: Props) {
  const locale = useLocale();
  const values = tileValues(scale, midnight);
  const percent = barPercent(values.net, maxNet);
  return (
    <Paper withBorder p="xs" radius="md" data-testid={`scale-tile-${scale.idscale}`} data-type={scale.type}>
      <Stack gap={4}>
        <ScaleName scale={scale} />
        {scale.type === 'weight' ? (
          // the values keep a fixed width so that all bars have the same length; on a phone they wrap
          // below a full-width bar
          <Group gap="sm" wrap="wrap">
            <Progress
              value={percent}
              size="xl"
              radius="sm"
              style={{ flex: '1 1 200px' }}
              aria-label={scale.name}
              data-testid="scale-bar"
              data-percent={Math.round(percent)}
            />
            <Group gap="sm" wrap="nowrap" justify="flex-end" miw={190} ml="auto">
              <Text fw={700} ta="right" data-testid="scale-net">
                {formatKg(values.net, locale)}
              </Text>
              <ChangeValue change={values.change} direction={values.direction} />
            </Group>
          </Group>
        ) : (
          <Group gap="md">
            <Text fw={600} data-testid="scale-temperature">
              {formatCelsius(scale.temperature, locale)}
            </Text>
            <Text fw={600} data-testid="scale-humidity">
              {formatHumidity(scale.humidity, locale)}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
