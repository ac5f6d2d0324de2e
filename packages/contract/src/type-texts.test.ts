import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants';
import { ALARM_TYPES } from './alarm';
import { SERIES_NAMES } from './series';

/**
 * Every alarm type and every chart series has its texts in every language. The key-parity test of
 * locales.test.ts compares the languages with each other, so a type added to the lists with no text in any
 * language passed it, and a mail then read "type.robbing" (docs/recipes.md "1. A new alarm type").
 */
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

function texts(locale: string, file: string, at: string): Record<string, unknown> {
  const content = JSON.parse(fs.readFileSync(path.join(localesDir, locale, file), 'utf8')) as unknown;
  const found = at.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], content);
  return (found ?? {}) as Record<string, unknown>;
}

const hasText = (group: Record<string, unknown>, key: string) =>
  typeof group[key] === 'string' && (group[key] as string).trim() !== '';

describe.each(LOCALES)('%s', (locale) => {
  it('names every alarm type in mails and SMS (alarms:type) and in the event list (notifications:events.types)', () => {
    expect(ALARM_TYPES.length).toBeGreaterThan(0);
    const names = texts(locale, 'alarms.json', 'type');
    const listed = texts(locale, 'notifications.json', 'events.types');
    expect(ALARM_TYPES.filter((t) => !hasText(names, t))).toEqual([]);
    expect(ALARM_TYPES.filter((t) => !hasText(listed, t))).toEqual([]);
  });

  it('has a message text for every alarm type (alarms:text; activity has one for a gain and one for a loss)', () => {
    const bodies = texts(locale, 'alarms.json', 'text');
    const missing = ALARM_TYPES.filter(
      (t) => !hasText(bodies, t) && !(hasText(bodies, `${t}Gain`) && hasText(bodies, `${t}Loss`)),
    );
    expect(missing).toEqual([]);
  });

  it('names every chart series (timeline:series)', () => {
    expect(SERIES_NAMES.length).toBeGreaterThan(0);
    const names = texts(locale, 'timeline.json', 'series');
    expect(SERIES_NAMES.filter((s) => !hasText(names, s))).toEqual([]);
  });
});
