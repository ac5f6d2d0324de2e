import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, EXPORT_TIME_ZONES, RESOLUTIONS } from '@hivescope/contract';

export type FileOptionValues = {
  resolution: (typeof RESOLUTIONS)[number];
  format: (typeof EXPORT_FORMATS)[number];
  timeZone: (typeof EXPORT_TIME_ZONES)[number];
};

/** Each option: its choices, the locale group of their labels and the control's test id. */
const OPTIONS = [
  { field: 'resolution', choices: RESOLUTIONS, labels: 'resolutions', testId: 'export-resolution' },
  { field: 'format', choices: EXPORT_FORMATS, labels: 'formats', testId: 'export-format' },
  { field: 'timeZone', choices: EXPORT_TIME_ZONES, labels: 'timeZones', testId: 'export-time-zone' },
] as const satisfies readonly {
  [K in keyof FileOptionValues]: {
    field: K;
    choices: readonly FileOptionValues[K][];
    labels: string;
    testId: string;
  };
}[keyof FileOptionValues][];

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
        {OPTIONS.map(({ field, choices, labels, testId }) => (
          <div key={field}>
            <Text fw={500}>{t(field)}</Text>
            <SegmentedControl
              value={value[field]}
              onChange={(v) => onChange({ ...value, [field]: v })}
              data={choices.map((c) => ({ value: c, label: t(`${labels}.${c}`) }))}
              data-testid={testId}
            />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
