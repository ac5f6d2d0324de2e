import { describe, expect, it } from 'vitest';
import type { FirmwareControllerRow } from '@hivescope/contract';
import {
  chosen,
  filterOptions,
  firstStageSize,
  toggleAll,
  toggleOne,
  toQuery,
  NO_FILTERS,
} from './selection';

/** Filters, choices and the selection of the controller list (docs/firmware.md "Web"). */
const row = (id: number, change: Partial<FirmwareControllerRow> = {}): FirmwareControllerRow => ({
  id,
  name: `Stand ${id}`,
  currentVersion: '1.4.2',
  desiredVersion: null,
  region: null,
  secondaryRegion: null,
  affiliation: null,
  updateInterval: 3,
  lastUpdate: null,
  rollout: null,
  ...change,
});

describe('toQuery', () => {
  it('sends only the filters that are set, ids as numbers', () => {
    expect(toQuery(NO_FILTERS)).toEqual({});
    expect(toQuery({ currentVersion: 'none', regionId: '4', affiliationId: null })).toEqual({
      currentVersion: 'none',
      regionId: 4,
    });
  });
});

describe('filterOptions', () => {
  it('offers each reported version, region (primary or secondary) and affiliation once, sorted', () => {
    const options = filterOptions([
      row(1, {
        currentVersion: '1.10.0',
        region: { id: 2, name: 'Bern' },
        affiliation: { id: 9, name: 'VD' },
      }),
      row(2, { currentVersion: '1.9.0', secondaryRegion: { id: 2, name: 'Bern' } }),
      row(3, { currentVersion: null, region: { id: 1, name: 'Aargau' }, affiliation: { id: 9, name: 'VD' } }),
    ]);
    expect(options.versions.map((o) => o.value)).toEqual(['1.9.0', '1.10.0']);
    expect(options.unreported).toBe(true);
    expect(options.regions).toEqual([
      { value: '1', label: 'Aargau' },
      { value: '2', label: 'Bern' },
    ]);
    expect(options.affiliations).toEqual([{ value: '9', label: 'VD' }]);
  });

  it('has no "none" choice when every controller reported a version', () => {
    expect(filterOptions([row(1)]).unreported).toBe(false);
  });
});

describe('selection', () => {
  const rows = [row(5), row(3), row(8)];

  it('acts only on chosen controllers that are shown, in the table’s order', () => {
    expect(chosen(rows, new Set([8, 5, 42]))).toEqual([5, 8]);
  });

  it('"select all" ticks every shown controller, and clears them when all are ticked', () => {
    const all = toggleAll(rows, new Set([3]));
    expect([...all].sort()).toEqual([3, 5, 8]);
    expect(toggleAll(rows, all).size).toBe(0);
    expect(toggleAll([], new Set()).size).toBe(0);
  });

  it('a tick toggles one controller', () => {
    expect([...toggleOne(new Set([1]), 2)].sort()).toEqual([1, 2]);
    expect([...toggleOne(new Set([1, 2]), 1)]).toEqual([2]);
  });
});

describe('firstStageSize', () => {
  it('takes the percentage rounded up, at least one, at most all', () => {
    expect(firstStageSize(0, 10)).toBe(0);
    expect(firstStageSize(3, 10)).toBe(1);
    expect(firstStageSize(20, 10)).toBe(2);
    expect(firstStageSize(21, 10)).toBe(3);
    expect(firstStageSize(4, 100)).toBe(4);
  });
});
