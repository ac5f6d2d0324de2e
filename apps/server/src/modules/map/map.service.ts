import {
  roundToGrams,
  type AdminMap,
  type AdminMapQuery,
  type PublicMap,
  type PublicMapEntry,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/queryable';
import { currentValues, midnightWeights } from '../measurements/measurements.service';
import type { ChannelWindow } from '../measurements/measurements.types';
import { visibleWeightWindowsOf } from '../scales/scales.service';
import { mapShareUrls } from '../shares/shares.service';
import {
  adminMapRows,
  publicControllers,
  publicMapVersion,
  shiftSecret,
  type PublicRow,
} from './map.repository';
import { publicLocation } from './shift';

/** Each controller's today's change: the mean over its scales of (current weight − weight at local midnight). */
async function todayChanges(db: Queryable, rows: PublicRow[], now: Date) {
  const zoneOf = new Map(rows.map((r) => [r.id, r.time_zone]));
  const windows = await visibleWeightWindowsOf(
    db,
    rows.map((r) => r.id),
  );
  const current = await currentValues(db, windows);
  const byZone = new Map<string, ChannelWindow[]>();
  for (const w of windows) {
    const zone = zoneOf.get(w.controllerId) ?? 'Europe/Zurich';
    byZone.set(zone, [...(byZone.get(zone) ?? []), w]);
  }
  const changes = new Map<number, number[]>();
  // one query per time zone in use (a handful), never one per controller
  for (const [zone, list] of byZone) {
    const { weights } = await midnightWeights(db, list, zone, now);
    list.forEach((w, i) => {
      const base = weights[i]?.weight;
      const latest = current.get(w.id)?.weight;
      if (base == null || latest == null) return;
      changes.set(w.controllerId, [...(changes.get(w.controllerId) ?? []), latest - base]);
    });
  }
  return changes;
}

/** Builds the public map (uncached). */
export async function buildPublicMap(ctx: AppContext, now = new Date()): Promise<PublicMap> {
  const rows = await publicControllers(ctx.db);
  const secret = await shiftSecret(ctx.db);
  const changes = await todayChanges(ctx.db, rows, now);
  // the owner's newest live feed linked from the map, asked of the shares module (docs/maps.md "Live share link")
  const shares = await mapShareUrls(
    ctx,
    rows.map((r) => r.id),
  );
  const controllers = rows.map((r): PublicMapEntry => {
    const list = changes.get(r.id) ?? [];
    const mean = list.length > 0 ? list.reduce((a, b) => a + b, 0) / list.length : null;
    return {
      id: r.id,
      name: r.name,
      location: publicLocation(secret, r.id, { lat: r.lat, lng: r.lng }),
      todayChangeKg: mean === null ? null : roundToGrams(mean),
      scaleCount: list.length,
      liveShareUrl: shares.get(r.id) ?? null,
    };
  });
  return { controllers, generatedAt: now.toISOString() };
}

/**
 * The cached answer. `version` is the database's public-map counter the answer was built at
 * (`publicMapVersion`): an answer older than the last change of what the map shows is never served.
 */
type CacheEntry = {
  at: number;
  value: PublicMap | null;
  version: number;
  pending: Promise<PublicMap> | null;
  pendingVersion: number;
};
const cache = new WeakMap<AppContext, CacheEntry>();

function rebuild(ctx: AppContext, entry: CacheEntry, nowMs: number, version: number): Promise<PublicMap> {
  entry.at = nowMs;
  const build: Promise<PublicMap> = buildPublicMap(ctx)
    .then((map) => {
      // a slower build begun before a newer one must not replace the newer answer
      if (version >= entry.version) {
        entry.value = map;
        entry.version = version;
      }
      return map;
    })
    .finally(() => {
      if (entry.pending === build) entry.pending = null;
    });
  // a failed build is only retried (after the cache time when an older answer exists); nobody may be waiting
  build.catch(() => undefined);
  entry.pending = build;
  entry.pendingVersion = version;
  return build;
}

/**
 * GET map/public: it is anonymous and may be asked often, so one answer is reused for
 * `config.publicMapCacheMs` per app instance (docs/maps.md "Caching"). Concurrent callers share one build, and
 * once an answer exists a stale one is served while the next is built, so no caller waits for a build —
 * except after what the map shows changed in the database (a controller opted in or out, moved or renamed,
 * a map-linked share created or deleted, on any app server): then the callers wait for an answer built
 * afterwards, so the change shows at once and a deleted share's link is not handed out again.
 */
export async function publicMap(ctx: AppContext, nowMs = Date.now()): Promise<PublicMap> {
  const ttl = ctx.config.publicMapCacheMs;
  const version = await publicMapVersion(ctx.db);
  let entry = cache.get(ctx);
  if (!entry) {
    entry = { at: 0, value: null, version, pending: null, pendingVersion: version };
    cache.set(ctx, entry);
  }
  const current = entry.value !== null && entry.version === version;
  if (current && nowMs - entry.at < ttl) return entry.value as PublicMap;
  const build =
    entry.pending && entry.pendingVersion === version ? entry.pending : rebuild(ctx, entry, nowMs, version);
  return current && ttl > 0 ? (entry.value as PublicMap) : build;
}

/** GET admin/map: every controller at its true position with its state; filters optional. */
export async function adminMap(ctx: AppContext, query: AdminMapQuery, now = new Date()): Promise<AdminMap> {
  const rows = await adminMapRows(
    ctx.db,
    { states: query.state, affiliationId: query.affiliationId, regionId: query.regionId },
    now,
  );
  const placed = rows.filter((r) => r.lat !== null && r.lng !== null);
  return {
    withoutLocation: rows
      .filter((r) => r.lat === null || r.lng === null)
      .map((r) => ({
        id: r.id,
        name: r.name,
        state: r.state,
        affiliationId: r.affiliation_id,
        regionId: r.region_id,
      })),
    controllers: placed.map((r) => ({
      id: r.id,
      name: r.name,
      location: { lat: r.lat as number, lng: r.lng as number },
      state: r.state,
      ownerEmail: r.owner_email,
      affiliationId: r.affiliation_id,
      affiliationName: r.affiliation_name,
      regionId: r.region_id,
      regionName: r.region_name,
      lastUpdate: r.last_update === null ? null : new Date(r.last_update).toISOString(),
      subscriptionEnd: new Date(r.subscription_end).toISOString(),
    })),
  };
}
