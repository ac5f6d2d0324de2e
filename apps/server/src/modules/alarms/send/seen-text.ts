import type { AlarmSeen, Locale } from '@hivescope/contract';
import { translate } from '../../../i18n';
import { formatNumber } from './format';

/**
 * What a swarm or disturbance alarm saw, in one sentence of the reader's language (docs/alarms.md
 * "Explanations"): how long the change took and what this hive usually does at that hour; the alarm's own line
 * before it gives the change. Mail and the app say it; null for alarms without it (device alarms, activity,
 * events found before it was kept).
 */
export function seenSentence(locale: Locale, seen: AlarmSeen | null): string | null {
  if (!seen) return null;
  if (seen.usual === null || seen.spread === null)
    return translate(locale, 'alarms:seen.young', { minutes: seen.minutes });
  return translate(locale, 'alarms:seen.usual', {
    minutes: seen.minutes,
    usual: formatNumber(locale, seen.usual, true),
    spread: formatNumber(locale, seen.spread),
  });
}

/** The SMS's short form: the minutes and the usual change at that hour, or null (the SMS stays as it was). */
export function seenSms(locale: Locale, seen: AlarmSeen | null): Record<string, unknown> | null {
  if (!seen || seen.usual === null || seen.spread === null) return null;
  return {
    minutes: seen.minutes,
    usual: formatNumber(locale, seen.usual, true),
    spread: formatNumber(locale, seen.spread),
  };
}
