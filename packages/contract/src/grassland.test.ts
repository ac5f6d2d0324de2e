import { describe, expect, it } from 'vitest';
import { grasslandTemperatureSum } from './grassland';

describe('grassland temperature sum', () => {
  it('weights January × 0.5, February × 0.75, from March × 1 and counts only positive means', () => {
    const sums = grasslandTemperatureSum([
      { day: '2025-01-10', mean: 4 }, // + 2
      { day: '2025-01-11', mean: -3 }, // + 0
      { day: '2025-02-01', mean: 4 }, // + 3
      { day: '2025-02-02', mean: 0 }, // + 0
      { day: '2025-03-01', mean: 4 }, // + 4
      { day: '2025-03-02', mean: null }, // no measurement
      { day: '2025-07-15', mean: 20.25 }, // + 20.25
    ]);
    expect(sums.map((s) => s.sum)).toEqual([2, 2, 5, 5, 9, 9, 29.3]);
  });

  it('restarts every 1 January and sorts the days', () => {
    const sums = grasslandTemperatureSum([
      { day: '2026-01-01', mean: 6 },
      { day: '2025-12-31', mean: 5 },
      { day: '2025-12-30', mean: 5 },
    ]);
    expect(sums).toEqual([
      { day: '2025-12-30', sum: 5 },
      { day: '2025-12-31', sum: 10 },
      { day: '2026-01-01', sum: 3 },
    ]);
  });

  it('reaches the classic 200 °C threshold with a mild spring', () => {
    const days = [];
    for (let d = 1; d <= 31; d++) days.push({ day: `2025-01-${String(d).padStart(2, '0')}`, mean: 2 });
    for (let d = 1; d <= 28; d++) days.push({ day: `2025-02-${String(d).padStart(2, '0')}`, mean: 4 });
    for (let d = 1; d <= 31; d++) days.push({ day: `2025-03-${String(d).padStart(2, '0')}`, mean: 3 });
    const last = grasslandTemperatureSum(days).at(-1);
    // 31 × 2 × 0.5 + 28 × 4 × 0.75 + 31 × 3 = 31 + 84 + 93
    expect(last).toEqual({ day: '2025-03-31', sum: 208 });
    expect(grasslandTemperatureSum([])).toEqual([]);
  });
});
