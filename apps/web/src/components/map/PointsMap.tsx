import 'leaflet/dist/leaflet.css';
import './points-map.css';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
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
  useEffect(() => {
    if (points.length === 0) return;
    const places = points
      .map((p) => `${p.lat},${p.lng}`)
      .sort()
      .join(';');
    if (places === fitted.current) return;
    fitted.current = places;
    const bounds = L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [30, 30], maxZoom: 12 });
  }, [map, points]);
  useEffect(() => {
    const timer = window.setTimeout(() => map.invalidateSize(), 200);
    return () => window.clearTimeout(timer);
  }, [map]);
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
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
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
