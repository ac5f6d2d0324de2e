import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PERIOD_PRESETS, parsePeriod, presetPeriod, type Period } from '../period';

/** Presets (season, last season, winter, this/last year, 30 days) and two dates, both included. */
export function PeriodPicker({ period, onChange }: { period: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation('analysis');
  const set = (from: string, to: string) => {
    const p = parsePeriod(from, to);
    if (p) onChange(p);
  };
  return (
    <Group align="flex-end" gap="xs" data-testid="analysis-period">
      {PERIOD_PRESETS.map((p) => (
        <Button key={p} size="xs" variant="light" onClick={() => onChange(presetPeriod(p, new Date()))}>
          {t(`preset.${p}`)}
        </Button>
      ))}
      <TextInput
        type="date"
        label={t('from')}
        value={period.from}
        onChange={(e) => set(e.currentTarget.value, period.to)}
        data-testid="analysis-from"
      />
      <TextInput
        type="date"
        label={t('to')}
        value={period.to}
        onChange={(e) => set(period.from, e.currentTarget.value)}
        data-testid="analysis-to"
      />
    </Group>
  );
}
