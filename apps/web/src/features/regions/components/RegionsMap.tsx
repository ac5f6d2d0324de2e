import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { CircleMarker, GeoJSON, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { Controller, Region } from '@hivescope/contract';
import { useAppConfig } from '../../../lib/appConfig';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, MAP_ATTRIBUTION } from '../../../components/map/map';
import { useTiles } from '../../../components/map/tiles';
import { TilesUnavailable } from '../../../components/map/TilesUnavailable';

type Shape = { region: Region; geometry: GeoJSON.Geometry };

/** Fits the view to the regions and points whenever their set changes. */
function Fit({ bounds }: { bounds: L.LatLngBounds | null }) {
  const map = useMap();
  useEffect(() => {
    if (bounds?.isValid()) map.fitBounds(bounds, { padding: [20, 20], maxZoom: 12 });
  }, [map, bounds]);
  useEffect(() => {
    const timer = window.setTimeout(() => map.invalidateSize(), 200);
    return () => window.clearTimeout(timer);
  }, [map]);
  return null;
}

type Props = { regions: Region[]; controllers: Controller[]; label: string; selected: number | null };

/**
 * The regions (global ones dashed) and the controllers with a location as points; works without tiles
 * (offline): the shapes and points are drawn all the same.
 */
export function RegionsMap({ regions, controllers, label, selected }: Props) {
  const tileUrl = useAppConfig().data?.mapTileUrl;
  const tiles = useTiles(tileUrl);
  const shapes = useMemo<Shape[]>(
    () => regions.map((region) => ({ region, geometry: JSON.parse(region.geojson) as GeoJSON.Geometry })),
    [regions],
  );
  const points = controllers.flatMap((c) => (c.location ? [{ ...c.location, id: c.id, name: c.name }] : []));
  const bounds = useMemo(() => {
    const layers = shapes.map((s) => L.geoJSON(s.geometry).getBounds());
    const all = layers.reduce<L.LatLngBounds | null>(
      (acc, b) => (acc ? acc.extend(b) : L.latLngBounds(b.getSouthWest(), b.getNorthEast())),
      null,
    );
    return all;
  }, [shapes]);
  return (
    <div
      role="region"
      aria-label={label}
      data-testid="regions-map"
      data-regions={shapes.length}
      data-points={points.length}
    >
      {tiles.state === 'unavailable' && <TilesUnavailable />}
      <MapContainer
        center={[DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng]}
        zoom={DEFAULT_MAP_ZOOM}
        style={{ height: 360, width: '100%', borderRadius: 8 }}
      >
        {tileUrl && tiles.state === 'available' && (
          <TileLayer
            url={tileUrl}
            attribution={MAP_ATTRIBUTION}
            eventHandlers={{ tileload: tiles.onTileLoad, tileerror: tiles.onTileError }}
          />
        )}
        {shapes.map(({ region, geometry }) => (
          <GeoJSON
            key={`${region.id}-${region.geojson.length}-${region.id === selected}`}
            data={geometry}
            style={{
              color: region.id === selected ? '#e8590c' : region.global ? '#1c7ed6' : '#2f9e44',
              weight: region.id === selected ? 3 : 1.5,
              dashArray: region.global ? '4 3' : undefined,
              fillOpacity: 0.12,
            }}
          >
            <Tooltip sticky>{region.name}</Tooltip>
          </GeoJSON>
        ))}
        {points.map((p) => (
          <CircleMarker key={p.id} center={[p.lat, p.lng]} radius={7} pathOptions={{ color: '#e8590c' }}>
            <Tooltip>{p.name}</Tooltip>
          </CircleMarker>
        ))}
        <Fit bounds={bounds} />
      </MapContainer>
    </div>
  );
}
