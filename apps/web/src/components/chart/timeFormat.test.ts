import { describe, expect, it } from 'vitest';
import { chartLocale, formatPointTime, timeAxisLabels } from './timeFormat';

/** Epoch seconds of a local date and time (the chart draws in the browser's time zone). */
const at = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).getTime() / 1000;
const HOUR = 3600;
const DAY = 86_400;

describe('chart dates in the reader’s language', () => {
  it('maps the UI languages to Swiss and Spanish formats', () => {
    expect(['de', 'fr', 'en', 'es'].map(chartLocale)).toEqual(['de-CH', 'fr-CH', 'en-CH', 'es-ES']);
  });

  it('legend and tooltip: weekday, 22.11.2026 and the 24-hour clock in every language', () => {
    const t = at(2026, 11, 22, 16, 5);
    expect(formatPointTime('de', t)).toMatch(/^So\.?, 22\.11\.2026, 16:05$/);
    expect(formatPointTime('fr', t)).toMatch(/^dim\.,? 22\.11\.2026,? 16:05$/);
    expect(formatPointTime('en', t)).toMatch(/^Sun,? 22\.11\.2026,? 16:05$/);
    expect(formatPointTime('es', t)).toMatch(/^dom,? 22\/11\/2026,? 16:05$/);
    for (const lang of ['de', 'fr', 'en', 'es']) expect(formatPointTime(lang, t)).not.toMatch(/[ap]\.?m/i);
  });

  it('hour ticks: 24-hour times, the date below at midnight and on the first tick', () => {
    const splits = [at(2026, 11, 21, 16), at(2026, 11, 21, 20), at(2026, 11, 22, 0), at(2026, 11, 22, 4)];
    expect(timeAxisLabels('de', splits, 4 * HOUR)).toEqual([
      '16:00\n21. Nov.',
      '20:00',
      '00:00\n22. Nov.',
      '04:00',
    ]);
    expect(timeAxisLabels('fr', splits, 4 * HOUR)[2]).toBe('00:00\n22 nov.');
    expect(timeAxisLabels('es', splits, 4 * HOUR)[2]).toBe('00:00\n22 nov');
  });

  it('day ticks: localised month names, weekdays on single days of a short range', () => {
    const days = [0, 2, 4, 6].map((i) => at(2026, 11, 20) + i * DAY);
    expect(timeAxisLabels('de', days, 2 * DAY)).toEqual(['20. Nov.', '22. Nov.', '24. Nov.', '26. Nov.']);
    expect(timeAxisLabels('fr', days, 2 * DAY)[0]).toBe('20 nov.');
    const week = [0, 1, 2].map((i) => at(2026, 11, 22) + i * DAY);
    expect(timeAxisLabels('de', week, DAY)).toEqual(['So., 22.\nNov', 'Mo., 23.', 'Di., 24.']);
    expect(timeAxisLabels('es', week, DAY)[1]).toBe('lun 23');
  });

  it('month ticks: the year on the first label and on January', () => {
    const months = [at(2026, 11, 1), at(2026, 12, 1), at(2027, 1, 1), at(2027, 2, 1)];
    expect(timeAxisLabels('de', months, 30 * DAY)).toEqual(['Nov. 2026', 'Dez', 'Jan. 2027', 'Feb']);
    expect(timeAxisLabels('fr', months, 30 * DAY)).toEqual(['nov. 2026', 'déc.', 'janv. 2027', 'févr.']);
    expect(timeAxisLabels('es', months, 30 * DAY)[4 - 2]).toMatch(/^ene\.? 2027$/);
    expect(timeAxisLabels('en', [at(2026, 5, 1)], 365 * DAY)).toEqual(['2026']);
  });
});
