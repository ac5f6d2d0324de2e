import { describe, expect, it } from 'vitest';
import { MAP_STATES, type AdminMapEntry } from '@hivescope/contract';
import {
  adminMapSummary,
  affiliationsOf,
  countByState,
  filterAdminMap,
  regionsOf,
  selectOptions,
  stateSvg,
} from './states';

const row = (
  id: number,
  state: AdminMapEntry['state'],
  affiliationId: number | null,
  regionId: number | null = null,
): AdminMapEntry => ({
  id,
  name: `C${id}`,
  location: { lat: 47, lng: 8 },
  state,
  ownerEmail: null,
  affiliationId,
  affiliationName: affiliationId === null ? null : `A${affiliationId}`,
  regionId,
  regionName: regionId === null ? null : `R${regionId}`,
  lastUpdate: null,
  subscriptionEnd: '2030-01-01T00:00:00.000Z',
});

describe('admin map states and filters', () => {
  const rows = [
    row(1, 'reporting', 1, 10),
    row(2, 'silent', 1, 11),
    row(3, 'expired', 2, 10),
    row(4, 'silent', null),
  ];
  const any = { affiliationId: null, regionId: null };

  it('filters by state and affiliation', () => {
    expect(filterAdminMap(rows, { ...any, states: ['silent'] }).map((r) => r.id)).toEqual([2, 4]);
    expect(
      filterAdminMap(rows, { ...any, states: ['silent', 'reporting'], affiliationId: 1 }).map((r) => r.id),
    ).toEqual([1, 2]);
    expect(filterAdminMap(rows, { ...any, states: [] })).toEqual([]);
  });

  it('filters by primary region, together with the other filters', () => {
    const all = [...MAP_STATES];
    expect(filterAdminMap(rows, { ...any, states: all, regionId: 10 }).map((r) => r.id)).toEqual([1, 3]);
    expect(filterAdminMap(rows, { states: all, affiliationId: 2, regionId: 10 }).map((r) => r.id)).toEqual([
      3,
    ]);
    expect(filterAdminMap(rows, { ...any, states: ['silent'], regionId: 10 })).toEqual([]);
    expect(filterAdminMap(rows, { ...any, states: all, regionId: 99 })).toEqual([]);
  });

  it('lists the regions present by name; a name held twice gets its id in the option', () => {
    expect(regionsOf(rows)).toEqual([
      { id: 10, name: 'R10' },
      { id: 11, name: 'R11' },
    ]);
    expect(
      selectOptions([
        { id: 5, name: 'Garten' },
        { id: 7, name: 'Garten' },
        { id: 9, name: 'Bern' },
      ]),
    ).toEqual([
      { value: '5', label: 'Garten (#5)' },
      { value: '7', label: 'Garten (#7)' },
      { value: '9', label: 'Bern' },
    ]);
  });

  it('counts states and lists affiliations', () => {
    expect(countByState(rows)).toEqual({ reporting: 1, silent: 2, expired: 1 });
    expect(affiliationsOf(rows)).toEqual([
      { id: 1, name: 'A1' },
      { id: 2, name: 'A2' },
    ]);
  });

  it('a state none is in counts 0', () => {
    expect(countByState([rows[0]!])).toEqual({ reporting: 1, silent: 0, expired: 0 });
  });

  it('the summary counts every controller: shown, without a location (by name), hidden by the filters', () => {
    const unplaced = [
      { id: 5, name: 'Ohne Ort', state: 'silent' as const, affiliationId: 1, regionId: null },
    ];
    const all = [...MAP_STATES];
    expect(adminMapSummary(rows, unplaced, { ...any, states: all })).toEqual({
      total: 5,
      shown: 4,
      unplaced,
      hidden: 0,
    });
    // affiliation 1: two on the map, the one without a location, the other two hidden
    expect(adminMapSummary(rows, unplaced, { states: all, affiliationId: 1, regionId: null })).toEqual({
      total: 5,
      shown: 2,
      unplaced,
      hidden: 2,
    });
    expect(adminMapSummary(rows, unplaced, { ...any, states: ['reporting'] })).toEqual({
      total: 5,
      shown: 1,
      unplaced: [],
      hidden: 4,
    });
  });

  it('draws each state with its own shape, not only its own colour', () => {
    const shapes = (['reporting', 'silent', 'expired'] as const).map(
      (s) => /<(circle|rect|polygon)/.exec(stateSvg(s))?.[1],
    );
    expect(new Set(shapes).size).toBe(3);
  });
});
