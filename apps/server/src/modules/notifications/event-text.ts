import { isAnswerableAlarmType, type AlarmEvent, type Locale } from '@hivescope/contract';
import { translate } from '../../i18n';
import { seenSentence } from '../alarms/send/seen-text';
import type { EventRow } from './notifications.repository';

const TAGS: Record<Locale, string> = { de: 'de-CH', en: 'en-GB', fr: 'fr-CH', es: 'es-ES' };

/** Date and time in the controller's zone, in the reader's language. */
export function localTime(locale: Locale, time: Date, timeZone: string, withTime = true): string {
  return new Intl.DateTimeFormat(TAGS[locale], {
    timeZone,
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(time);
}

/**
 * The description of an event in the reader's language (namespace alarms, keys text.*), followed for a swarm or
 * disturbance by what it saw (seen-text.ts, docs/alarms.md "Explanations").
 */
export function eventText(locale: Locale, e: EventRow): string {
  const line = eventLine(locale, e);
  const said = seenSentence(locale, e.seen);
  return said ? `${line} ${said}` : line;
}

function eventLine(locale: Locale, e: EventRow): string {
  const scale = e.scaleName ?? e.controllerName;
  const kg =
    e.delta === null ? '' : Math.abs(e.delta).toLocaleString(TAGS[locale], { maximumFractionDigits: 1 });
  const params = { scale, controller: e.controllerName, kg };
  switch (e.type) {
    case 'activity':
      return translate(
        locale,
        (e.delta ?? 0) >= 0 ? 'alarms:text.activityGain' : 'alarms:text.activityLoss',
        params,
      );
    case 'silent':
      return translate(locale, 'alarms:text.silent', {
        ...params,
        time: localTime(locale, e.time, e.timeZone),
      });
    case 'battery':
      return translate(locale, 'alarms:text.battery', { ...params, volts: e.delta?.toFixed(2) ?? '?' });
    case 'subscription':
      return translate(locale, 'alarms:text.subscription', {
        ...params,
        date: localTime(locale, e.time, e.timeZone, false),
      });
    default:
      return translate(locale, `alarms:text.${e.type}`, params);
  }
}

/**
 * An event as the API answers it; `callerId`: who asks, to say whether they may answer it (its controller's
 * owner, an answerable type; docs/alarms.md "Answers"), null where nobody answers (the admin's list).
 */
export function toAlarmEvent(locale: Locale, e: EventRow, callerId: number | null): AlarmEvent {
  return {
    id: e.id,
    controllerId: e.controllerId,
    controllerName: e.controllerName,
    channel: e.channel,
    idscale: e.scaleId,
    scaleName: e.scaleName,
    type: e.type,
    time: e.time.toISOString(),
    detectedAt: e.detectedAt.toISOString(),
    text: eventText(locale, e),
    delta: e.delta,
    delivery: e.delivery,
    answer: e.answer,
    answerable: callerId !== null && e.ownerId === callerId && isAnswerableAlarmType(e.type),
  };
}
