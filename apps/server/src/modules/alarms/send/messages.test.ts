import { describe, expect, it } from 'vitest';
import {
  ALARM_TYPES,
  gsm7Length,
  isGsm7,
  LOCALES,
  toGsm7,
  truncateGsm7,
  type AlarmType,
  type Locale,
} from '@hivescope/contract';
import { alarmLink, alarmMail, alarmShortLink, alarmSms, type AlarmMessageData } from './messages';
import { SMS_MAX } from './sms-text';

const URL_ = 'https://hivescope.example.org';
/** 2025-05-12 12:35 UTC = 14:35 in Zurich (summer time). */
const TIME = new Date('2025-05-12T12:35:00Z');

const DELTA: Record<AlarmType, number | null> = {
  swarm: -2.4,
  disturbance: 6.25,
  removed: -48.3,
  activity: -3.1,
  silent: null,
  battery: 3.41,
  subscription: null,
};

function event(
  type: AlarmType,
  locale: Locale,
  names: { scale: string; controller: string },
): AlarmMessageData {
  const scaleAlarm = ['swarm', 'disturbance', 'removed', 'activity'].includes(type);
  return {
    eventId: 123456,
    channelId: 7890,
    type,
    time: TIME,
    delta: DELTA[type],
    controllerId: 4321,
    controllerName: names.controller,
    timeZone: 'Europe/Zurich',
    scaleId: scaleAlarm ? 98765 : null,
    scaleName: scaleAlarm ? names.scale : null,
    locale,
  };
}

const LONG = {
  scale: 'Volk Nummer siebenundzwanzig am Waldrand hinter der alten Scheune – Königin 2024 «Buckfast» 🐝',
  controller: 'Bienenstand Oberägeri Süd, Parzelle 4711 bei der Kapelle Saint-Étienne (Œuvre) – Ständer ÿ',
};
const SHORT = { scale: 'Volk 1', controller: 'Stand A' };

const cases = LOCALES.flatMap((locale) => ALARM_TYPES.map((type) => [locale, type] as const));

describe('GSM-7', () => {
  it('keeps GSM-7 text, replaces other characters, counts the extension table twice', () => {
    expect(toGsm7('Schwarmalarm: Völker à Zürich, ñ ü é ß')).toBe('Schwarmalarm: Völker à Zürich, ñ ü é ß');
    expect(toGsm7('Ruche enlevée ? Émetteur, ça, être, où')).toBe('Ruche enlevée ? Émetteur, ca, etre, où');
    expect(toGsm7('Perturbación «Bäumli» – 🐝…')).toBe('Perturbacion "Bäumli" - ?...');
    expect(gsm7Length('a€[b')).toBe(6);
    expect(truncateGsm7('Bienenstand Oberägeri', 10)).toBe('Bienensta.');
    expect(gsm7Length(truncateGsm7('€€€€€€', 5))).toBeLessThanOrEqual(5);
  });
});

describe('alarm SMS', () => {
  expect(cases.length).toBe(28);

  it.each(cases)(
    '%s %s: one GSM-7 SMS with type, time and change even with very long names',
    (locale, type) => {
      const text = alarmSms(event(type, locale, LONG), URL_);
      expect(isGsm7(text), text).toBe(true);
      expect(gsm7Length(text), text).toBeLessThanOrEqual(SMS_MAX);
      // the essentials are never cut: local time (14:35 in Zurich) or the end date, and the change
      if (type === 'subscription') expect(text).toMatch(/12[./]05[./]2025/);
      else expect(text).toContain('14:35');
      if (type === 'swarm') expect(text).toMatch(/-2[.,]4 kg/);
      if (type === 'removed') expect(text).toMatch(/-48[.,]3 kg/);
      if (type === 'battery') expect(text).toMatch(/3[.,]41 V/);
      // the names are shortened, not dropped
      expect(text).toMatch(/Bienenstand|Bienensta/);
    },
  );

  it.each(cases)(
    '%s %s: short names and a short public URL: whole names and the chart link',
    (locale, type) => {
      const e = event(type, locale, SHORT);
      const text = alarmSms(e, 'https://hs.ch');
      expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_MAX);
      expect(text).toContain('Stand A');
      if (e.scaleName) expect(text).toContain('Volk 1');
      const link = alarmShortLink('https://hs.ch', e);
      if (link) expect(text.endsWith(` ${link}`), text).toBe(true);
    },
  );

  it.each(cases.filter(([, type]) => type !== 'subscription'))(
    '%s %s: an ordinary public URL still leaves room for the short chart link /alarm/{id}',
    (locale, type) => {
      const e = event(type, locale, SHORT);
      const text = alarmSms(e, 'https://app.hivescope.example.org');
      expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_MAX);
      expect(text.endsWith(` https://app.hivescope.example.org/alarm/${e.eventId}`), text).toBe(true);
    },
  );

  it('reads naturally (English swarm alarm)', () => {
    expect(alarmSms(event('swarm', 'en', SHORT), 'http://h.ch')).toBe(
      `Swarm alarm: Volk 1 (Stand A) -2.4 kg, 12/05 14:35 http://h.ch/alarm/${event('swarm', 'en', SHORT).eventId}`,
    );
    expect(alarmSms(event('swarm', 'de', SHORT), 'http://h.ch')).toMatch(
      /^Schwarmalarm: Volk 1 \(Stand A\) -2,4 kg, 12\.05\. 14:35 http/,
    );
  });
});

describe('alarm mail', () => {
  it.each(cases)(
    '%s %s: subject, localised text, time in the controller zone, link, escaped HTML',
    (locale, type) => {
      const e = event(type, locale, { scale: 'Volk <b>1</b>', controller: 'Stand "A" & B' });
      const mail = alarmMail(e, 'owner@example.org', URL_);
      expect(mail.messageId).toBe('<alarm-123456-7890@hivescope.example.org>');
      expect(mail.subject).toContain('Stand "A" & B');
      if (type !== 'subscription') expect(mail.text).toContain('Europe/Zurich');
      expect(mail.text).not.toContain('{{');
      expect(mail.html).not.toContain('<b>1</b>');
      expect(mail.html).toContain('Stand &quot;A&quot; &amp; B');
      const link = alarmLink(URL_, e);
      if (type === 'subscription') expect(link).toBeNull();
      else {
        expect(mail.text).toContain(link);
        expect(mail.html).toContain(`href="${link?.replaceAll('&', '&amp;')}"`);
      }
      if (type !== 'subscription') expect(mail.text).toContain('14:35');
    },
  );

  it('states the scale, the controller and the weight change (German swarm alarm)', () => {
    const mail = alarmMail(event('swarm', 'de', SHORT), 'o@example.org', URL_);
    expect(mail.subject).toBe('Hivescope: Schwarmalarm – Volk 1 (Stand A)');
    expect(mail.text).toContain('Sender: Stand A\nWaage: Volk 1\nZeit: 12.05.2025 14:35 (Europe/Zurich)');
    expect(mail.text).toContain('Gewichtsänderung: -2,4 kg');
    expect(mail.text).toContain(
      `${URL_}/timeline?series=s98765.weight&expanded=4321&xmin=${TIME.getTime() / 1000 - 43200}&xmax=${TIME.getTime() / 1000 + 43200}`,
    );
  });
});

describe('what the alarm saw (docs/alarms.md "Explanations")', () => {
  const seen = { minutes: 20, usual: -0.35, spread: 0.2 };
  const swarm = (locale: Locale, s: typeof seen | { minutes: number; usual: null; spread: null }) => ({
    ...event('swarm', locale, SHORT),
    seen: s,
  });

  it('the mail says how long the loss took and the hive’s usual change at that hour, in every language', () => {
    expect(alarmMail(swarm('en', seen), 'o@example.org', URL_).text).toContain(
      'It took 20 min; at this time of day this hive usually changes by -0.4 kg, give or take 0.2 kg.',
    );
    expect(alarmMail(swarm('de', seen), 'o@example.org', URL_).text).toContain(
      'Das dauerte 20 min; zu dieser Tageszeit ändert sich dieses Volk üblicherweise um -0,4 kg, plus/minus 0,2 kg.',
    );
    for (const locale of LOCALES) {
      const text = alarmMail(swarm(locale, seen), 'o@example.org', URL_).text;
      expect(text, locale).toContain('20 min');
      expect(text, locale).not.toContain('{{');
    }
  });

  it('a scale without enough history says so instead of a usual change', () => {
    const young = { minutes: 45, usual: null, spread: null };
    expect(alarmMail(swarm('en', young), 'o@example.org', URL_).text).toContain(
      "It took 45 min; this scale's history is still too short to know its usual changes at this hour.",
    );
  });

  it('the SMS says it short and still fits one SMS with its link; without a rhythm it stays as it was', () => {
    const text = alarmSms(swarm('en', seen), 'http://h.ch');
    expect(text).toBe(
      `Swarm alarm: Volk 1 (Stand A) -2.4 kg in 20 min, usually -0.4 +-0.2, 12/05 14:35 http://h.ch/alarm/123456`,
    );
    for (const locale of LOCALES) {
      const long = alarmSms({ ...event('swarm', locale, LONG), seen }, 'https://app.hivescope.example.org');
      expect(gsm7Length(long), locale).toBeLessThanOrEqual(SMS_MAX);
      expect(isGsm7(long), locale).toBe(true);
    }
    const young = { minutes: 45, usual: null, spread: null };
    expect(alarmSms(swarm('en', young), 'http://h.ch')).toBe(
      alarmSms(event('swarm', 'en', SHORT), 'http://h.ch'),
    );
  });
});
