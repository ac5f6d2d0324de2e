import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, EXPORT_TIME_ZONES, RESOLUTIONS } from '@hivescope/contract';

export type FileOptionValues = {
  resolution: (typeof RESOLUTIONS)[number];
  format: (typeof EXPORT_FORMATS)[number];
  timeZone: (typeof EXPORT_TIME_ZONES)[number];
};

/** How the file is made: the rows' resolution, CSV or XLSX, and the time zone of its times. */
export function FileOptions({
  value,
  onChange,
}: {
  value: FileOptionValues;
  onChange: (value: FileOptionValues) => void;
}) {
  const { t } = useTranslation('export');
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <div>
          <Text fw={500}>{t('resolution')}</Text>
          <SegmentedControl
            value={value.resolution}
            onChange={(v) => onChange({ ...value, resolution: v as FileOptionValues['resolution'] })}
            data={RESOLUTIONS.map((r) => ({ value: r, label: t(`resolutions.${r}`) }))}
            data-testid="export-resolution"
          />
        </div>
        <div>
          <Text fw={500}>{t('format')}</Text>
          <SegmentedControl
            value={value.format}
            onChange={(v) => onChange({ ...value, format: v as FileOptionValues['format'] })}
            data={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
            data-testid="export-format"
          />
        </div>
        <div>
          <Text fw={500}>{t('timeZone')}</Text>
          <SegmentedControl
            value={value.timeZone}
            onChange={(v) => onChange({ ...value, timeZone: v as FileOptionValues['timeZone'] })}
            data={EXPORT_TIME_ZONES.map((z) => ({ value: z, label: t(`timeZones.${z}`) }))}
            data-testid="export-time-zone"
          />
        </div>
      </Stack>
    </Paper>
  );
}
