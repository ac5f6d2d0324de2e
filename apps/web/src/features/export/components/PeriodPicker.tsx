import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPORT_PRESETS, presetRange } from '../presets';

type Period = { from: string; to: string };

/** The days to export (YYYY-MM-DD, both included): two date fields and the presets. */
export function PeriodPicker({ range, onChange }: { range: Period; onChange: (range: Period) => void }) {
  const { t } = useTranslation('export');
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {t('period')}
      </Title>
      <Group align="flex-end">
        <TextInput
          type="date"
          label={t('from')}
          value={range.from}
          onChange={(e) => onChange({ ...range, from: e.currentTarget.value })}
          data-testid="export-from"
        />
        <TextInput
          type="date"
          label={t('to')}
          value={range.to}
          onChange={(e) => onChange({ ...range, to: e.currentTarget.value })}
          data-testid="export-to"
        />
        {EXPORT_PRESETS.map((p) => (
          <Button key={p} variant="default" onClick={() => onChange(presetRange(p, new Date()))}>
            {t(`preset.${p}`)}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
