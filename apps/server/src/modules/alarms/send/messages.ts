import { isWeightAlarmType, type AlarmSeen, type AlarmType, type Locale } from '@hivescope/contract';
import { composeMail, type MailBlock } from '../../../mail/compose';
import type { MailMessage } from '../../../mail/message';
import { translate } from '../../../i18n';
import { formatNumber, localParts } from './format';
import { seenSentence, seenSms } from './seen-text';
import { fitSms } from './sms-text';

/** What an alarm message says: the event, its controller and scale, and the recipient's language. */
export type AlarmMessageData = {
  eventId: number;
  channelId: number;
  type: AlarmType;
  /** The reading time of the event (silent: the last report; subscription: the end of the subscription). */
  time: Date;
  /** kg for scale alarms (negative: loss), volts for battery, else null. */
  delta: number | null;
  /** What a swarm or disturbance alarm saw (docs/alarms.md "Explanations"); absent for the other types. */
  seen?: AlarmSeen | null;
  controllerId: number;
  controllerName: string;
  timeZone: string;
  scaleId: number | null;
  scaleName: string | null;
  locale: Locale;
};

const HALF_DAY_S = 12 * 3600;

/** The two links of a swarm, disturbance or removed mail that answer it (docs/alarms.md "Answers"). */
export type AnswerLinks = { yes: string; no: string };

/**
 * The timeline at the event (docs/timeline.md "Web screen"): the scale's weight, or the controller's battery
 * voltage for device alarms, 12 h either side; none for a subscription ending.
 */
export function alarmLink(publicUrl: string, e: AlarmMessageData): string | null {
  if (e.type === 'subscription') return null;
  const at = Math.floor(e.time.getTime() / 1000);
  const series = e.scaleId === null ? `c${e.controllerId}.batteryVoltage` : `s${e.scaleId}.weight`;
  return `${publicUrl}/timeline?series=${series}&expanded=${e.controllerId}&xmin=${at - HALF_DAY_S}&xmax=${at + HALF_DAY_S}`;
}

const isScaleAlarm = (e: AlarmMessageData) => isWeightAlarmType(e.type);

/** Local date and time (or date only) of the controller's zone, in the format of `prefix`'s texts. */
function dateTime(prefix: 'mail:alarm.' | 'sms:', e: AlarmMessageData, time: Date, withTime = true) {
  const parts = localParts(time, e.timeZone);
  return translate(e.locale, `${prefix}${withTime ? 'dateTime' : 'date'}`, parts);
}

/** The alarms namespace's one-line description (the same line the events list shows). */
function summary(e: AlarmMessageData, time: string): string {
  const kg = formatNumber(e.locale, Math.abs(e.delta ?? 0));
  const key =
    e.type === 'activity' ? ((e.delta ?? 0) >= 0 ? 'activityGain' : 'activityLoss') : (e.type as string);
  return translate(e.locale, `alarms:text.${key}`, {
    scale: e.scaleName ?? '',
    controller: e.controllerName,
    kg,
    volts: formatNumber(e.locale, e.delta ?? 0, false, 2),
    time,
    date: dateTime('mail:alarm.', e, e.time, false),
  });
}

/** The facts as label/value rows: transmitter, scale, local time with zone, and the measured change. */
function facts(e: AlarmMessageData, time: string): [string, string][] {
  const t = (key: string) => translate(e.locale, `mail:alarm.${key}`);
  const rows: [string, string][] = [[t('controller'), e.controllerName]];
  if (isScaleAlarm(e)) rows.push([t('scale'), e.scaleName ?? '']);
  if (e.type !== 'subscription') rows.push([t('time'), `${time} (${e.timeZone})`]);
  if (isScaleAlarm(e) && e.delta !== null)
    rows.push([t('change'), `${formatNumber(e.locale, e.delta, true)} kg`]);
  if (e.type === 'battery' && e.delta !== null)
    rows.push([t('voltage'), `${formatNumber(e.locale, e.delta, false, 2)} V`]);
  if (e.type === 'subscription') rows.push([t('subscriptionEnd'), dateTime('mail:alarm.', e, e.time, false)]);
  return rows;
}

/**
 * The alarm mail in the recipient's language. Its Message-ID is fixed per (event, channel), so a copy sent
 * again after a crash is recognisable as the same message (docs/alarms.md "Sending").
 */
export function alarmMail(
  e: AlarmMessageData,
  to: string,
  publicUrl: string,
  answer: AnswerLinks | null = null,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) =>
    translate(e.locale, `mail:alarm.${key}`, params);
  const time = dateTime('mail:alarm.', e, e.time);
  const alarm = translate(e.locale, `alarms:type.${e.type}`);
  const target = isScaleAlarm(e) ? `${e.scaleName} (${e.controllerName})` : e.controllerName;
  const link = alarmLink(publicUrl, e);
  const said = seenSentence(e.locale, e.seen ?? null);
  const blocks: MailBlock[] = [
    t('greeting'),
    summary(e, time),
    ...(said ? [said] : []),
    { rows: facts(e, time) },
  ];
  if (link) blocks.push({ intro: t('chart'), link, label: t('action') });
  if (answer) {
    blocks.push(t('answerQuestion'));
    blocks.push({ intro: t('answerYes'), link: answer.yes, label: t('answerYesLink') });
    blocks.push({ intro: t('answerNo'), link: answer.no, label: t('answerNoLink') });
  }
  blocks.push(t('footer'), t('signature'));
  const host = new URL(publicUrl).hostname || 'hivescope.local';
  return composeMail(
    e.locale,
    to,
    t('subject', { alarm, target }),
    blocks,
    `<alarm-${e.eventId}-${e.channelId}@${host}>`,
  );
}

/**
 * The alarm SMS: at most 160 GSM-7 characters. Type, time and change are never cut; the scale and
 * controller names are shortened first, and the short chart link is left out when it does not fit
 * (docs/alarms.md "Sending").
 */
export function alarmSms(e: AlarmMessageData, publicUrl: string): string {
  const seen = isScaleAlarm(e) ? seenSms(e.locale, e.seen ?? null) : null;
  const key = seen ? 'scaleSeen' : isScaleAlarm(e) ? 'scale' : e.type;
  const params = {
    ...seen,
    alarm: translate(e.locale, `alarms:type.${e.type}`),
    delta: formatNumber(e.locale, e.delta ?? 0, true),
    volts: formatNumber(e.locale, e.delta ?? 0, false, 2),
    time: dateTime('sms:', e, e.time),
    date: dateTime('sms:', e, e.time, false),
  };
  return fitSms(
    e.locale,
    `sms:alarm.${key}`,
    params,
    {
      scale: e.scaleName ?? '',
      controller: e.controllerName,
    },
    alarmShortLink(publicUrl, e),
  );
}

/** The SMS's link: `/alarm/{event}`, which the web app turns into the chart at the event (one SMS is short). */
export function alarmShortLink(publicUrl: string, e: AlarmMessageData): string | null {
  return e.type === 'subscription' ? null : `${publicUrl}/alarm/${e.eventId}`;
}

/** The mail that tells the owner once that a controller's SMS budget is used up (mail goes on). */
export function budgetExhaustedMail(locale: Locale, to: string, controller: string): MailMessage {
  const t = (key: string) => translate(locale, `mail:budgetExhausted.${key}`, { controller });
  return composeMail(locale, to, t('subject'), [t('greeting'), t('intro'), t('reset'), t('signature')]);
}
