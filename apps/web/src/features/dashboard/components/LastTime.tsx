import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { useLocale } from '../useDashboardView';

type Props = {
  /** report: when the transmitter last sent data; reading: the time of a scale's newest measurement. */
  kind: 'report' | 'reading';
  time: string | null;
  now: Date;
  testId: string;
};

/**
 * "Transmitter reported 2 minutes ago" / "Measured 27 minutes ago": two different times, worded apart
 * (docs/decisions.md, "Last report and last reading"); the tooltip gives the date and what the time means.
 */
export function LastTime({ kind, time, now, testId }: Props) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  return (
    <Tooltip
      label={t(`times.${kind}Hint`, { date: formatDateTime(time, locale) })}
      multiline
      w={280}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Text size="xs" c="dimmed" data-testid={testId} data-kind={kind} tabIndex={0}>
        {time ? t(`times.${kind}`, { time: formatRelative(time, locale, now) }) : t(`times.${kind}None`)}
      </Text>
    </Tooltip>
  );
}
