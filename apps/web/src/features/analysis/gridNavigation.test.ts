import { describe, expect, it } from 'vitest';
import { firstCell, nextCell } from './gridNavigation';

// 3 rows × 4 columns, null: no value (no cell drawn)
const values = [
  [null, 1, null, 2],
  [3, null, null, 4],
  [null, 5, 6, null],
];

describe('keyboard moves in the heat map grid', () => {
  it('starts at the first known cell, row by row; none in an empty grid', () => {
    expect(firstCell(values)).toEqual([0, 1]);
    expect(firstCell([[null], [null, 7]])).toEqual([1, 1]);
    expect(firstCell([[null, null]])).toBeNull();
  });

  it('moves with the arrows to the next known cell in that direction, skipping empty ones', () => {
    expect(nextCell(values, [0, 1], 'ArrowRight')).toEqual([0, 3]);
    expect(nextCell(values, [0, 3], 'ArrowLeft')).toEqual([0, 1]);
    expect(nextCell(values, [0, 1], 'ArrowDown')).toEqual([2, 1]);
    expect(nextCell(values, [2, 1], 'ArrowUp')).toEqual([0, 1]);
  });

  it('stays at the edge', () => {
    expect(nextCell(values, [0, 3], 'ArrowRight')).toEqual([0, 3]);
    expect(nextCell(values, [0, 1], 'ArrowUp')).toEqual([0, 1]);
    expect(nextCell(values, [2, 2], 'ArrowDown')).toEqual([2, 2]);
  });

  it('goes to the row’s first and last known cell with Home and End', () => {
    expect(nextCell(values, [1, 3], 'Home')).toEqual([1, 0]);
    expect(nextCell(values, [2, 1], 'End')).toEqual([2, 2]);
  });

  it('leaves other keys to the browser (Enter follows the link, Tab leaves)', () => {
    expect(nextCell(values, [0, 1], 'Enter')).toBeNull();
    expect(nextCell(values, [0, 1], 'Tab')).toBeNull();
  });
});
