import fs from 'node:fs';
import type { Region, RegionSave, RegionUpdate } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { assign, type Candidate } from './assign';
import { bboxOf, parseRegionGeojson } from './geometry';
import {
  controllersForAssignment,
  deleteRegion as deleteRow,
  insertRegion,
  ownAssignments,
  regionById,
  regionsForAssignment,
  regionsVisibleTo,
  updateRegion as updateRow,
  upsertImported,
  writeAssignments,
  type AssignRegion,
  type RegionRow,
} from './regions.repository';

/** The bulk reassignment's pg-boss queue (regions.job.ts). */
export const REGION_ASSIGN_QUEUE = 'region-assign';

const notFound = () => new AppError(404, 'regions:regionNotFound');

const hhmm = (m: number | null) =>
  m === null ? null : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const minutes = (v: string | null) => {
  if (v === null) return null;
  const [h = 0, m = 0] = v.split(':').map(Number);
  return h * 60 + m;
};

type Uses = Map<number, { primaryOf: number[]; secondaryOf: number[] }>;

function toRegion(row: RegionRow, auth: AuthContext, uses: Uses): Region {
  const use = uses.get(row.id);
  return {
    id: row.id,
    name: row.name,
    geojson: JSON.stringify(row.geometry),
    priority: row.priority,
    alarmFrom: hhmm(row.alarmFromMinute),
    alarmTo: hhmm(row.alarmToMinute),
    utcOffset: row.utcOffsetHours,
    global: row.ownerId === null,
    editable: row.ownerId === null ? auth.admin : row.ownerId === auth.userId,
    source: row.source,
    primaryOf: use?.primaryOf ?? [],
    secondaryOf: use?.secondaryOf ?? [],
  };
}

async function usesOf(ctx: AppContext, auth: AuthContext): Promise<Uses> {
  const uses: Uses = new Map();
  const entry = (id: number) => {
    const e = uses.get(id) ?? { primaryOf: [], secondaryOf: [] };
    uses.set(id, e);
    return e;
  };
  for (const c of await ownAssignments(ctx.db, auth.userId)) {
    if (c.p !== null) entry(c.p).primaryOf.push(c.id);
    if (c.s !== null) entry(c.s).secondaryOf.push(c.id);
  }
  return uses;
}

/** GET region: the caller's own regions and the global ones (read-only unless admin). */
export async function listRegions(ctx: AppContext, auth: AuthContext): Promise<Region[]> {
  const uses = await usesOf(ctx, auth);
  return (await regionsVisibleTo(ctx.db, auth.userId)).map((r) => toRegion(r, auth, uses));
}

/** GET admin/region: the global regions. */
export async function listGlobalRegions(ctx: AppContext, auth: AuthContext): Promise<Region[]> {
  const uses = await usesOf(ctx, auth);
  return (await regionsVisibleTo(ctx.db, null)).map((r) => toRegion(r, auth, uses));
}

function geometryValues(geojson: string) {
  const geometry = parseRegionGeojson(geojson);
  const [minLng, minLat, maxLng, maxLat] = bboxOf(geometry);
  return { geometry, minLng, minLat, maxLng, maxLat };
}

/** POST region: the caller's own region, or a global one (admins, `global: true`). */
export async function createRegion(ctx: AppContext, auth: AuthContext, body: RegionSave): Promise<Region> {
  if (body.global && !auth.admin) throw new AppError(403, 'errors:forbidden');
  const row = await insertRegion(ctx.db, {
    ownerId: body.global ? null : auth.userId,
    name: body.name,
    ...geometryValues(body.geojson),
    priority: body.priority,
    alarmFromMinute: minutes(body.alarmFrom),
    alarmToMinute: minutes(body.alarmTo),
    utcOffsetHours: body.utcOffset,
  });
  await afterRegionsChanged(ctx, row.ownerId);
  return toRegion(row, auth, await usesOf(ctx, auth));
}

/** A region the caller may change: another user's is 404, a global one 403 for non-admins. */
async function writableRegion(ctx: AppContext, auth: AuthContext, id: number): Promise<RegionRow> {
  const row = await regionById(ctx.db, id);
  if (!row || (row.ownerId !== null && row.ownerId !== auth.userId)) throw notFound();
  if (row.ownerId === null && !auth.admin) throw new AppError(403, 'errors:forbidden');
  return row;
}

/** POST region/{id}. */
export async function updateRegion(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  body: RegionUpdate,
): Promise<Region> {
  const current = await writableRegion(ctx, auth, id);
  // the unchanged shape sent back (an edit form) is not checked again: imported shapes are trusted as they are
  const geojson = body.geojson === JSON.stringify(current.geometry) ? undefined : body.geojson;
  const row = await updateRow(ctx.db, id, {
    name: body.name,
    ...(geojson === undefined ? {} : geometryValues(geojson)),
    priority: body.priority,
    ...(body.alarmFrom === undefined
      ? {}
      : { alarmFromMinute: minutes(body.alarmFrom), alarmToMinute: minutes(body.alarmTo ?? null) }),
    utcOffsetHours: body.utcOffset,
  });
  if (!row) throw notFound();
  if (body.geojson !== undefined || body.priority !== undefined)
    await afterRegionsChanged(ctx, current.ownerId);
  return toRegion(row, auth, await usesOf(ctx, auth));
}

/** DELETE region/{id}. */
export async function deleteRegion(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const row = await writableRegion(ctx, auth, id);
  await deleteRow(ctx.db, id);
  await afterRegionsChanged(ctx, row.ownerId);
}

/** Where the cantons come from, and the attribution their terms ask for (data/SOURCE.md). */
export const CANTONS_ATTRIBUTION = 'Source: Federal Office of Topography swisstopo';
const cantonsFile = new URL('./data/swiss-cantons.min.geojson', import.meta.url);

type CantonFeature = { properties: { id: number; name: string }; geometry: unknown };

/**
 * POST admin/region/cantons: the 26 Swiss cantons as global regions (docs/regions.md "Swiss cantons"),
 * idempotent: keyed `swiss-cantons:<id>`, a second import refreshes name and shape and keeps what an admin
 * set (priority, window, offset).
 */
export async function importCantons(ctx: AppContext): Promise<{ created: number; updated: number }> {
  const collection = JSON.parse(fs.readFileSync(cantonsFile, 'utf8')) as { features: CantonFeature[] };
  let created = 0;
  for (const f of collection.features) {
    // trusted, checked data (data/SOURCE.md): the kinks test of 39,000 vertices is left out
    const geometry = parseRegionGeojson(JSON.stringify(f.geometry), { checkKinks: false });
    const [minLng, minLat, maxLng, maxLat] = bboxOf(geometry);
    const inserted = await upsertImported(ctx.db, {
      ownerId: null,
      name: f.properties.name,
      geometry,
      minLng,
      minLat,
      maxLng,
      maxLat,
      priority: 0,
      utcOffsetHours: 1,
      source: CANTONS_ATTRIBUTION,
      sourceKey: `swiss-cantons:${f.properties.id}`,
    });
    if (inserted) created++;
  }
  await afterRegionsChanged(ctx, null);
  return { created, updated: collection.features.length - created };
}

const candidate = (r: AssignRegion): Candidate => ({
  id: r.id,
  ownerId: r.ownerId,
  priority: r.priority,
  geometry: r.geometry,
  bbox: [r.minLng, r.minLat, r.maxLng, r.maxLat],
});

async function reassign(ctx: AppContext, filter: Parameters<typeof controllersForAssignment>[1]) {
  const controllers = await controllersForAssignment(ctx.db, filter);
  if (controllers.length === 0) return 0;
  const owners = [...new Set(controllers.flatMap((c) => (c.ownerId === null ? [] : [c.ownerId])))];
  const regions = (await regionsForAssignment(ctx.db, filter === 'all' ? undefined : owners)).map(candidate);
  const current = new Map(controllers.map((c) => [c.id, c]));
  const changed = assign(controllers, regions).filter((a) => {
    const c = current.get(a.id);
    return c?.primary !== a.primary || c.secondary !== a.secondary;
  });
  await writeAssignments(ctx.db, changed);
  return controllers.length;
}

/** Primary and secondary region of these controllers (their location or owner changed). */
export async function assignControllerRegions(ctx: AppContext, controllerIds: number[]): Promise<void> {
  if (controllerIds.length > 0) await reassign(ctx, { ids: controllerIds });
}

/** Every controller (the `region-assign` job; docs/regions.md "Assignment"). Answers how many were checked. */
export function reassignAll(ctx: AppContext): Promise<number> {
  return reassign(ctx, 'all');
}

/**
 * After a region changed: a user's region concerns only that user's controllers (reassigned at once); a
 * global one every controller, which the `region-assign` job does (at once where no job queue runs).
 */
async function afterRegionsChanged(ctx: AppContext, ownerId: number | null): Promise<void> {
  if (ownerId !== null) await reassign(ctx, { ownerId });
  else if (ctx.queue) await ctx.queue.nudge(REGION_ASSIGN_QUEUE);
  else await reassignAll(ctx);
}
