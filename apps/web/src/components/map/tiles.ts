import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether the tile server answers. A map first loads one tile (the world tile, z 0); only when it arrives
 * are the map's tiles requested. Offline that costs one failed request per check instead of a burst per
 * map, and the map says "map tiles unavailable" while still drawing its markers (docs/operations.md,
 * "Map tiles").
 */
export type TileState = 'checking' | 'available' | 'unavailable';

/** Failed tiles in a row (no tile loaded in between) after which a map stops asking the tile server. */
export const TILE_FAILURES_BEFORE_GIVING_UP = 3;
/** A probe that takes longer counts as failed (a tile server that never answers). */
export const TILE_PROBE_TIMEOUT_MS = 10_000;
/** A failed check is remembered for this long, so every map on the way does not ask again. */
export const TILE_RECHECK_MS = 5 * 60_000;

/** The URL of the z 0 tile of a Leaflet template ({s} → a, {r} → nothing). */
export function probeTileUrl(template: string): string {
  return template
    .replaceAll('{s}', 'a')
    .replaceAll('{r}', '')
    .replace(/\{(z|x|y|-y)\}/g, '0');
}

/** Failed tiles in a row: a loaded tile starts the count again. */
export function nextFailureCount(count: number, event: 'error' | 'load'): number {
  return event === 'load' ? 0 : count + 1;
}

type Check = { at: number; result: Promise<boolean> };
const checks = new Map<string, Check>();

function loadImage(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = window.setTimeout(() => finish(false), TILE_PROBE_TIMEOUT_MS);
    function finish(ok: boolean) {
      window.clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(ok);
    }
    image.onload = () => finish(true);
    image.onerror = () => finish(false);
    image.src = url;
  });
}

/** The shared check of a tile server (one at a time; a failure is kept for TILE_RECHECK_MS). */
function checkTiles(template: string, now = Date.now()): Promise<boolean> {
  const known = checks.get(template);
  if (known && now - known.at < TILE_RECHECK_MS) return known.result;
  const result = loadImage(probeTileUrl(template));
  const check = { at: now, result };
  checks.set(template, check);
  // a working server is trusted for the visit; a failed one is asked again after TILE_RECHECK_MS
  void result.then((ok) => ok && (check.at = Number.POSITIVE_INFINITY));
  return result;
}

function markFailed(template: string) {
  checks.set(template, { at: Date.now(), result: Promise.resolve(false) });
}

/**
 * The tile state of a map and the handlers for its tile layer's `tileload` / `tileerror` events: after
 * TILE_FAILURES_BEFORE_GIVING_UP failures in a row the tiles count as unavailable (the layer is removed).
 */
export function useTiles(template: string | undefined) {
  const [state, setState] = useState<TileState>('checking');
  const failures = useRef(0);
  useEffect(() => {
    if (!template) return;
    let live = true;
    void checkTiles(template).then((ok) => live && setState(ok ? 'available' : 'unavailable'));
    return () => {
      live = false;
    };
  }, [template]);
  const onTile = useCallback(
    (event: 'error' | 'load') => {
      failures.current = nextFailureCount(failures.current, event);
      if (failures.current >= TILE_FAILURES_BEFORE_GIVING_UP && template) {
        markFailed(template);
        setState('unavailable');
      }
    },
    [template],
  );
  return { state, onTileLoad: () => onTile('load'), onTileError: () => onTile('error') };
}
