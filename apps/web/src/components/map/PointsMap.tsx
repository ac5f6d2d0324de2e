import 'leaflet/dist/leaflet.css';
import './points-map.css';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { useAppConfig } from '../../lib/appConfig';
import { clusterIndex, clustersIn, clusterSize, type ClusterItem, type MapPoint } from './clusters';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, MAP_ATTRIBUTION } from './map';
import { useTiles } from './tiles';
import { TilesUnavailable } from './TilesUnavailable';

type Props<P extends MapPoint> = {
  points: readonly P[];
  /** the map region's accessible name */
  label: string;
  /** a cluster's title, e.g. "12 transmitters: zoom in" */
  clusterTitle: (count: number) => string;
  /** one point's marker (a react-leaflet Marker, usually with a Popup) */
  renderPoint: (point: P) => ReactNode;
  height?: number | string;
  testId?: string;
};

/**
 * Fits the view to the points when they first arrive and whenever another set of points is shown (a filter
 * of the admin map), but not when a refresh brings the same places again: a person's own panning stays.
 */
function FitToPoints({ points }: { points: readonly MapPoint[] }) {
  const map = useMap();
  const fitted = useRef('');
  // the fitted bounds, until the person moves the map; a later size change of the container fits them again
  const bounds = useRef<L.LatLngBounds | null>(null);
  const fitting = useRef(false);
  const fit = useCallback(() => {
    if (!bounds.current) return;
    fitting.current = true;
    map.fitBounds(bounds.current, { padding: [30, 30], maxZoom: 12, animate: false });
    fitting.current = false;
  }, [map]);
  useEffect(() => {
    if (points.length === 0) return;
    const places = points
      .map((p) => `${p.lat},${p.lng}`)
      .sort()
      .join(';');
    if (places === fitted.current) return;
    fitted.current = places;
    bounds.current = L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
    fit();
  }, [fit, points]);
  // A fit made while the page was still laying out (the container narrower or lower than it ends up) chose
  // too low a zoom, and the points stayed clustered: the container is watched and the fit redone on resize.
  useEffect(() => {
    // a drag, a zoom by wheel, button or key: the person's view stays from then on
    const forget = () => void (fitting.current || (bounds.current = null));
    map.on('dragstart zoomstart', forget);
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      fit();
    });
    observer.observe(map.getContainer());
    return () => {
      observer.disconnect();
      map.off('dragstart zoomstart', forget);
    };
  }, [map, fit]);
  return null;
}

function clusterIcon(count: number) {
  const size = clusterSize(count);
  return L.divIcon({
    html: `<span class="points-map-cluster" data-testid="map-cluster" data-count="${count}">${count}</span>`,
    className: 'points-map-cluster-icon',
    iconSize: [size, size],
  });
}

/** The clusters and points in view, recomputed when the map moves or zooms. */
function ClusterLayer<P extends MapPoint>({
  points,
  clusterTitle,
  renderPoint,
}: Pick<Props<P>, 'points' | 'clusterTitle' | 'renderPoint'>) {
  const map = useMap();
  const index = useMemo(() => clusterIndex(points), [points]);
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  // One listener for the map's life, and a catch-up read when it starts: an inline `useMapEvents` object is
  // re-registered on every render, and a fit made by FitToPoints in the same commit (points changed) fired
  // its moveend while no listener was on, leaving the clusters of the previous zoom (docs/maps.md).
  useEffect(() => {
    const update = () => setView({ bounds: map.getBounds(), zoom: map.getZoom() });
    map.on('moveend', update);
    update();
    return () => void map.off('moveend', update);
  }, [map]);
  const items: ClusterItem<P>[] = useMemo(() => {
    const b = view.bounds.pad(0.2);
    const bbox: [number, number, number, number] = [
      Math.max(-180, b.getWest()),
      Math.max(-85, b.getSouth()),
      Math.min(180, b.getEast()),
      Math.min(85, b.getNorth()),
    ];
    return clustersIn(index, points, bbox, view.zoom);
  }, [index, points, view]);
  // an open popup would pan the map back to its point, so it closes first (as a mouse click on the map does)
  const zoomInto = (cluster: { lat: number; lng: number; clusterId: number }) => {
    map.closePopup();
    map.setView([cluster.lat, cluster.lng], Math.min(index.getClusterExpansionZoom(cluster.clusterId), 18));
  };
  return items.map((item) =>
    item.kind === 'point' ? (
      <Fragment key={item.key}>{renderPoint(item.point)}</Fragment>
    ) : (
      <Marker
        key={item.key}
        position={[item.lat, item.lng]}
        icon={clusterIcon(item.count)}
        title={clusterTitle(item.count)}
        eventHandlers={{
          click: () => zoomInto(item),
          // a cluster is a button: Enter and Space open it too (docs/maps.md "Public map")
          keypress: (event) => {
            const key = (event.originalEvent as KeyboardEvent).key;
            if (key === 'Enter' || key === ' ') zoomInto(item);
          },
        }}
      />
    ),
  );
}

/**
 * A Leaflet map of many points, clustered when zoomed out (a click on a cluster zooms in). Tiles come from
 * MAP_TILE_URL; without them (offline) it says so and still draws the points (docs/operations.md, "Map tiles").
 */
export default function PointsMap<P extends MapPoint>({
  points,
  label,
  clusterTitle,
  renderPoint,
  height = 520,
  testId,
}: Props<P>) {
  const tileUrl = useAppConfig().data?.mapTileUrl;
  const tiles = useTiles(tileUrl);
  return (
    <div role="region" aria-label={label} data-testid={testId} data-tiles={tiles.state}>
      {tiles.state === 'unavailable' && <TilesUnavailable />}
      <MapContainer
        center={[DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng]}
        zoom={DEFAULT_MAP_ZOOM}
        style={{ height, width: '100%', borderRadius: 8 }}
      >
        {tileUrl && tiles.state === 'available' && (
          <TileLayer
            url={tileUrl}
            attribution={MAP_ATTRIBUTION}
            eventHandlers={{ tileload: tiles.onTileLoad, tileerror: tiles.onTileError }}
          />
        )}
        <FitToPoints points={points} />
        <ClusterLayer points={points} clusterTitle={clusterTitle} renderPoint={renderPoint} />
      </MapContainer>
    </div>
  );
}
