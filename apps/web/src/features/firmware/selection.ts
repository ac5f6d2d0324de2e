import type { FirmwareControllerRow, FirmwareControllersQuery } from '@hivescope/contract';

/** The filter value of "never reported a version" (the server's `currentVersion=none`, docs/firmware.md). */
export const NO_VERSION = 'none';

/** What the three filter selects hold (null: any). */
export type ControllerFilters = {
  currentVersion: string | null;
  regionId: string | null;
  affiliationId: string | null;
};
export const NO_FILTERS: ControllerFilters = { currentVersion: null, regionId: null, affiliationId: null };

/** The query of GET admin/firmware/controllers: only the filters that are set. */
export function toQuery(filters: ControllerFilters): FirmwareControllersQuery {
  const query: FirmwareControllersQuery = {};
  if (filters.currentVersion) query.currentVersion = filters.currentVersion;
  if (filters.regionId) query.regionId = Number(filters.regionId);
  if (filters.affiliationId) query.affiliationId = Number(filters.affiliationId);
  return query;
}

type Option = { value: string; label: string };
const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, undefined, { numeric: true });

/**
 * The choices of the filters, from all controllers: the versions they report (and "none" when one never
 * reported), their primary and secondary regions, their affiliations — each once, sorted.
 */
export function filterOptions(rows: readonly FirmwareControllerRow[]) {
  const versions = new Map<string, Option>();
  const regions = new Map<string, Option>();
  const affiliations = new Map<string, Option>();
  let unreported = false;
  for (const row of rows) {
    if (row.currentVersion === null) unreported = true;
    else versions.set(row.currentVersion, { value: row.currentVersion, label: row.currentVersion });
    for (const r of [row.region, row.secondaryRegion])
      if (r) regions.set(String(r.id), { value: String(r.id), label: r.name });
    if (row.affiliation)
      affiliations.set(String(row.affiliation.id), {
        value: String(row.affiliation.id),
        label: row.affiliation.name,
      });
  }
  return {
    versions: [...versions.values()].sort(byLabel),
    unreported,
    regions: [...regions.values()].sort(byLabel),
    affiliations: [...affiliations.values()].sort(byLabel),
  };
}

/**
 * The chosen controllers among those shown, in the table's order: a controller hidden by a changed filter is
 * never acted on, and the order is the one a roll-out's first stage is taken from.
 */
export function chosen(rows: readonly FirmwareControllerRow[], selected: ReadonlySet<number>): number[] {
  return rows.filter((row) => selected.has(row.id)).map((row) => row.id);
}

/** "Select all" ticks every shown controller, or clears them when all are ticked already. */
export function toggleAll(
  rows: readonly FirmwareControllerRow[],
  selected: ReadonlySet<number>,
): Set<number> {
  const all = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return all ? new Set() : new Set(rows.map((row) => row.id));
}

export function toggleOne(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/**
 * How many of `count` chosen controllers the first stage of a roll-out takes at `percent` % (at least one,
 * rounded up, as the server takes them: docs/firmware.md "Staged roll-out").
 */
export function firstStageSize(count: number, percent: number): number {
  if (count === 0) return 0;
  return Math.min(count, Math.max(1, Math.ceil((count * percent) / 100)));
}
