import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_PRESETS, presetRange } from './presets';

describe('presetRange', () => {
  const today = new Date('2024-03-10T12:00:00Z');
  it('gives whole days ending today, or last calendar year', () => {
    expect(presetRange('7d', today)).toEqual({ from: '2024-03-04', to: '2024-03-10' });
    expect(presetRange('30d', today)).toEqual({ from: '2024-02-10', to: '2024-03-10' });
    expect(presetRange('thisYear', today)).toEqual({ from: '2024-01-01', to: '2024-03-10' });
    expect(presetRange('lastYear', today)).toEqual({ from: '2023-01-01', to: '2023-12-31' });
  });
  it('never ends before it starts', () => {
    for (const p of EXPORT_PRESETS) {
      const r = presetRange(p, today);
      expect(r.from <= r.to).toBe(true);
    }
  });

  describe('in Zurich, where the day starts before UTC’s', () => {
    let saved: string | undefined;
    beforeEach(() => {
      saved = process.env.TZ;
      process.env.TZ = 'Europe/Zurich';
    });
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });

    it('counts from the browser’s day: 00:30 on 1 January is the new year, not UTC’s last evening', () => {
      const newYear = new Date('2024-12-31T23:30:00Z'); // 00:30 on 1 January 2025 in Zurich
      expect(presetRange('thisYear', newYear)).toEqual({ from: '2025-01-01', to: '2025-01-01' });
      expect(presetRange('7d', newYear)).toEqual({ from: '2024-12-26', to: '2025-01-01' });
      expect(presetRange('lastYear', newYear)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    });

    it('keeps whole days across the spring DST night (23 hours)', () => {
      const afterDst = new Date('2024-03-31T22:30:00Z'); // 00:30 on 1 April in Zurich (UTC+2)
      expect(presetRange('7d', afterDst)).toEqual({ from: '2024-03-26', to: '2024-04-01' });
    });
  });
});
