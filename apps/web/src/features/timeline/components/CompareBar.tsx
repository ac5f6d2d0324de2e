import { Group, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChartState } from '../chartState';
import { epochToLocalDate, epochToLocalTime, localDateTimeToIso } from '../range';

/** Compare mode on/off and its reference time (local date and time; default the range start). */
export function CompareBar({
  state,
  rangeStart,
  onChange,
}: {
  state: ChartState;
  rangeStart: number;
  onChange: (next: Pick<ChartState, 'compare' | 'reference'>) => void;
}) {
  const { t } = useTranslation('timeline');
  const reference = state.reference ?? rangeStart;
  return (
    <Group gap="md" align="center">
      <Switch
        checked={state.compare}
        label={t('compare')}
        onChange={(e) => onChange({ compare: e.currentTarget.checked, reference: state.reference })}
        data-testid="compare-toggle"
      />
      {state.compare && (
        <TextInput
          type="datetime-local"
          size="xs"
          label={t('reference')}
          value={`${epochToLocalDate(reference)}T${epochToLocalTime(reference)}`}
          onChange={(e) => {
            const [date = '', time = ''] = e.currentTarget.value.split('T');
            const iso = localDateTimeToIso(date, time.slice(0, 5));
            if (iso) onChange({ compare: true, reference: Date.parse(iso) / 1000 });
          }}
          data-testid="compare-reference"
        />
      )}
    </Group>
  );
}
