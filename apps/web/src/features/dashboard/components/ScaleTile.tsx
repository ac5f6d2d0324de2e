import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Scale } from '@hivescope/contract';
import { tileValues } from '../dashboard';
import { formatCelsius, formatHumidity, formatKg } from '../../../lib/format';
import { useLocale } from '../useDashboardView';
import { ChangeValue } from './ChangeValue';
import { LastTime } from './LastTime';
import { ValueRow } from './ValueRow';

type Props = { scale: Scale; midnight: number | null; mode: 'classic' | 'activity'; now: Date };

/** Name, brood marker and channel of a scale. */
export function ScaleName({ scale }: { scale: Scale }) {
  const { t } = useTranslation('dashboard');
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text fw={600} truncate data-testid="scale-name">
        {scale.name}
      </Text>
      <Group gap={4} wrap="nowrap">
        {scale.isBrood && (
          <Badge size="sm" color="grape" leftSection={<IconCrown size={12} />} data-testid="scale-brood">
            {t('brood')}
          </Badge>
        )}
        <Badge size="sm" variant="light" color="gray" title={t('channelTitle', { channel: scale.channel })}>
          {t('channelShort', { channel: scale.channel })}
        </Badge>
      </Group>
    </Group>
  );
}

/** Temperature and humidity rows (sensor scales, or a scale that reports them too). */
function ClimateRows({ scale, temperature }: { scale: Scale; temperature: boolean }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  return (
    <>
      {temperature && scale.temperature !== null && (
        <ValueRow label={t('temperature')} testId="scale-temperature">
          {formatCelsius(scale.temperature, locale)}
        </ValueRow>
      )}
      {scale.humidity !== null && (
        <ValueRow label={t('humidity')} testId="scale-humidity">
          {formatHumidity(scale.humidity, locale)}
        </ValueRow>
      )}
    </>
  );
}

/** One scale in the classic or activity display. */
export function ScaleTile({ scale, midnight, mode, now }: Props) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const values = tileValues(scale, midnight);
  const isWeight = scale.type === 'weight';
  const activity = mode === 'activity' && isWeight;

  return (
    <Paper withBorder p="sm" radius="md" data-testid={`scale-tile-${scale.idscale}`} data-type={scale.type}>
      <Stack gap={6}>
        <ScaleName scale={scale} />
        {activity ? (
          <ChangeValue change={values.change} direction={values.direction} size="xl" />
        ) : isWeight ? (
          <Text fz="xl" fw={700} data-testid="scale-weight">
            {formatKg(values.weight, locale)}
          </Text>
        ) : (
          <Text fz="xl" fw={700} data-testid="scale-temperature">
            {formatCelsius(scale.temperature, locale)}
          </Text>
        )}
        {isWeight && (
          <>
            {activity ? (
              <ValueRow label={t('weight')} testId="scale-weight">
                {formatKg(values.weight, locale)}
              </ValueRow>
            ) : (
              <ValueRow label={t('changeToday')}>
                <ChangeValue change={values.change} direction={values.direction} />
              </ValueRow>
            )}
            <ValueRow label={t('netWeight')} testId="scale-net">
              {formatKg(values.net, locale)}
            </ValueRow>
          </>
        )}
        <ClimateRows scale={scale} temperature={isWeight} />
        <LastTime kind="reading" time={scale.weightTime} now={now} testId="scale-last-update" />
      </Stack>
    </Paper>
  );
}
