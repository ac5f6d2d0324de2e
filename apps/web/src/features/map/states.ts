import { MAP_STATES, type AdminMapEntry, type MapState } from '@hivescope/contract';

/**
 * How the admin map draws a state: a colour and a shape, so it is told apart without colour too (a circle
 * reports, a square is silent, a triangle has an expired subscription); the marker's title names it.
 */
export const STATE_STYLE: Record<MapState, { color: string; shape: 'circle' | 'square' | 'triangle' }> = {
  reporting: { color: '#2b8a3e', shape: 'circle' },
  silent: { color: '#d9480f', shape: 'square' },
  expired: { color: '#868e96', shape: 'triangle' },
};

/** The state's shape as an SVG (marker and legend alike). */
export function stateSvg(state: MapState, size = 22): string {
  const { color, shape } = STATE_STYLE[state];
  const stroke = 'stroke="#fff" stroke-width="2.5"';
  const body =
    shape === 'circle'
      ? `<circle cx="12" cy="12" r="9" fill="${color}" ${stroke}/>`
      : shape === 'square'
        ? `<rect x="3.5" y="3.5" width="17" height="17" fill="${color}" ${stroke}/>`
        : `<polygon points="12,2.5 22,21 2,21" fill="${color}" ${stroke}/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true">${body}</svg>`;
}

export type AdminMapFilter = { states: MapState[]; affiliationId: number | null; regionId: number | null };

type Filterable = Pick<AdminMapEntry, 'state' | 'affiliationId' | 'regionId'>;

/** The controllers matching the chosen states, affiliation and primary region (null: any). */
export function filterAdminMap<T extends Filterable>(rows: readonly T[], filter: AdminMapFilter): T[] {
  const { regionId } = filter;
  return rows.filter(
    (r) =>
      filter.states.includes(r.state) &&
      (filter.affiliationId === null || r.affiliationId === filter.affiliationId) &&
      (regionId === null || r.regionId === regionId),
  );
}

/** How many controllers are in each state (0 for a state none is in). */
export function countByState(rows: readonly Pick<AdminMapEntry, 'state'>[]): Record<MapState, number> {
  const counts = Object.fromEntries(MAP_STATES.map((s) => [s, 0])) as Record<MapState, number>;
  for (const r of rows) counts[r.state] += 1;
  return counts;
}

type Named = { id: number; name: string };

function distinctByName(pairs: Iterable<[number | null, string | null]>): Named[] {
  const seen = new Map<number, string>();
  for (const [id, name] of pairs) if (id !== null) seen.set(id, name ?? '');
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The affiliations present, by name. */
export function affiliationsOf(rows: readonly AdminMapEntry[]): Named[] {
  return distinctByName(rows.map((r) => [r.affiliationId, r.affiliationName]));
}

/** The primary regions present, by name (the region select of /a/map offers only regions with controllers). */
export function regionsOf(rows: readonly AdminMapEntry[]): Named[] {
  return distinctByName(rows.map((r) => [r.regionId, r.regionName]));
}

/**
 * Select options of named things; a name held by several (two owners' own regions both called "Garten")
 * gets its id, so the options can be told apart.
 */
export function selectOptions(list: readonly Named[]): { value: string; label: string }[] {
  const count = new Map<string, number>();
  for (const { name } of list) count.set(name, (count.get(name) ?? 0) + 1);
  return list.map(({ id, name }) => ({
    value: String(id),
    label: (count.get(name) ?? 0) > 1 ? `${name} (#${id})` : name,
  }));
}

/**
 * The sentence parts of the admin map's summary (docs/maps.md "Admin map"): of every controller the admin can
 * see (`total`), `shown` are on the map, `unplaced` match the filters but have no location, `hidden` do not
 * match the filters. shown + unplaced.length + hidden = total.
 */
export function adminMapSummary<T extends Filterable & { name: string }>(
  placed: readonly Filterable[],
  withoutLocation: readonly T[],
  filter: AdminMapFilter,
) {
  const total = placed.length + withoutLocation.length;
  const shown = filterAdminMap(placed, filter).length;
  const unplaced = filterAdminMap(withoutLocation, filter);
  return { total, shown, unplaced, hidden: total - shown - unplaced.length };
}
