import { useState } from 'react';
import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconZoomOut } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIVE_WINDOWS, RANGE_PRESETS, type LiveWindow, type RangePreset } from '../chartState';
import { epochToLocalDate, localDateToEpoch, panRange, zoomOutRange, type Range } from '../range';

type Props = {
  range: Range;
  preset: RangePreset | null;
  onPreset: (preset: Exclude<RangePreset, 'custom'>) => void;
  /** a range set by hand (custom dates, pan, zoom out): no preset is highlighted */
  onRange: (range: Range, preset: RangePreset | null) => void;
  /** live mode: the sliding window, or null */
  live: LiveWindow | null;
  onLive: (live: LiveWindow | null) => void;
};

/** Live mode: the window of the highlighted preset (24 h, 7 d, 30 d; else 24 h) follows the clock. */
function LiveSwitch({ live, preset, onLive }: Pick<Props, 'live' | 'preset' | 'onLive'>) {
  const { t } = useTranslation('timeline');
  return (
    <Switch
      size="sm"
      label={t('live')}
      description={live ? t('liveHint') : undefined}
      checked={live !== null}
      onChange={(e) =>
        onLive(e.currentTarget.checked ? (LIVE_WINDOWS.find((w) => w === preset) ?? '24h') : null)
      }
      data-testid="range-live"
    />
  );
}

function CustomDates({ range, onRange }: Pick<Props, 'range' | 'onRange'>) {
  const { t } = useTranslation(['timeline', 'errors']);
  const [from, setFrom] = useState(epochToLocalDate(range.xmin));
  const [to, setTo] = useState(epochToLocalDate(range.xmax - 1));
  const xmin = localDateToEpoch(from);
  const xmax = localDateToEpoch(to, true);
  const valid = xmin !== null && xmax !== null && xmin < xmax;
  return (
    <Group
      align="flex-end"
      gap="xs"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onRange({ xmin, xmax }, 'custom');
      }}
      data-testid="range-custom"
    >
      <TextInput
        type="date"
        size="xs"
        label={t('from')}
        value={from}
        onChange={(e) => setFrom(e.currentTarget.value)}
        data-testid="range-from"
      />
      <TextInput
        type="date"
        size="xs"
        label={t('to')}
        value={to}
        onChange={(e) => setTo(e.currentTarget.value)}
        error={!valid && from && to ? t('errors:rangeInvalid') : undefined}
        data-testid="range-to"
      />
      <Button type="submit" size="xs" disabled={!valid} data-testid="range-apply">
        {t('apply')}
      </Button>
    </Group>
  );
}

/** Range presets, custom dates, and moving the range (the chart itself zooms by drag-selecting). */
export function RangeBar({ range, preset, onPreset, onRange, live, onLive }: Props) {
  const { t } = useTranslation('timeline');
  const [custom, setCustom] = useState(preset === 'custom');
  return (
    <Stack gap="xs">
      <Group gap={4} role="group" aria-label={t('range')} data-testid="range-presets">
        {RANGE_PRESETS.map((p) => (
          <Button
            key={p}
            size="xs"
            variant={(p === 'custom' ? custom : preset === p && !custom) ? 'filled' : 'default'}
            aria-pressed={p === 'custom' ? custom : preset === p && !custom}
            onClick={() => {
              setCustom(p === 'custom');
              if (p !== 'custom') onPreset(p);
            }}
            data-testid={`range-preset-${p}`}
          >
            {t(`preset.${p}`)}
          </Button>
        ))}
      </Group>
      {custom && <CustomDates key={`${range.xmin}-${range.xmax}`} range={range} onRange={onRange} />}
      <Group gap={4}>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconArrowLeft size={14} />}
          onClick={() => onRange(panRange(range, -0.5), null)}
          data-testid="range-earlier"
        >
          {t('earlier')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          rightSection={<IconArrowRight size={14} />}
          onClick={() => onRange(panRange(range, 0.5), null)}
          data-testid="range-later"
        >
          {t('later')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconZoomOut size={14} />}
          onClick={() => onRange(zoomOutRange(range), null)}
          data-testid="range-zoom-out"
        >
          {t('zoomOut')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('zoomHint')}
        </Text>
      </Group>
      <LiveSwitch live={live} preset={preset} onLive={onLive} />
    </Stack>
  );
}
