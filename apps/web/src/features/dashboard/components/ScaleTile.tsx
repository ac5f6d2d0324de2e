import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChartLine, IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Scale } from '@hivescope/contract';
import { tileValues } from '../dashboard';
import type { SparklineData } from '../sparkline';
import { formatCelsius, formatHumidity, formatKg } from '../../../lib/format';
import { timelineLink } from '../../../lib/timelineUrl';
import { useLocale } from '../useDashboardView';
import { ChangeValue } from './ChangeValue';
import { LastTime } from './LastTime';
import { Sparkline } from './Sparkline';
import { ValueRow } from './ValueRow';
import './tileLink.css';

type Props = {
  scale: Scale;
  midnight: number | null;
  mode: 'classic' | 'activity';
  now: Date;
  /** the weights of the last 7 days (weight scales), and the range they were asked for */
  sparkline?: SparklineData | undefined;
  sparkRange?: { xmin: number; xmax: number } | null;
};

/** The 7-day sparkline and the link that opens the timeline with this scale over the last 7 days. */
function TimelineLink({ scale, now, sparkline, sparkRange }: Omit<Props, 'midnight' | 'mode'>) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Sparkline data={sparkline} range={sparkRange ?? null} />
      <Anchor
        component={Link}
        to={timelineLink([scale], '7d', now)}
        size="xs"
        className="tile-link"
        data-testid="scale-timeline-link"
      >
        <Group gap={4} wrap="nowrap" component="span">
          <IconChartLine size={14} aria-hidden />
          {t('openTimeline')}
        </Group>
      </Anchor>
    </>
  );
}

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
export function ScaleTile({ scale, midnight, mode, now, sparkline, sparkRange }: Props) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const values = tileValues(scale, midnight);
  const isWeight = scale.type === 'weight';
  const activity = mode === 'activity' && isWeight;

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      pos="relative"
      className={isWeight ? 'tile-link-host' : undefined}
      data-testid={`scale-tile-${scale.idscale}`}
      data-type={scale.type}
    >
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
        {isWeight && (
          <TimelineLink scale={scale} now={now} sparkline={sparkline} sparkRange={sparkRange ?? null} />
        )}
      </Stack>
    </Paper>
  );
}
