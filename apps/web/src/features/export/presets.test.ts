import { describe, expect, it } from 'vitest';
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
});
