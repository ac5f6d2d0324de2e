import { describe, expect, it } from 'vitest';
import { parseState, stateParams } from './state';

const now = new Date(2026, 5, 10);

describe('analysis URL state', () => {
  it('round-trips every field', () => {
    const state = {
      scales: [3, 1],
      from: '2025-03-01',
      to: '2025-10-31',
      view: 'heatmap' as const,
      hours: 3,
      controllers: [9],
    };
    expect(parseState(stateParams(state), now)).toEqual(state);
  });
  it('drops malformed parts and falls back to this season', () => {
    const s = parseState(new URLSearchParams('scales=1,x,1,-2&from=2025-13&view=pie&hours=abc'), now);
    expect(s).toEqual({
      scales: [1],
      from: '2026-03-01',
      to: '2026-10-31',
      view: 'table',
      hours: null,
      controllers: [],
    });
  });
});
