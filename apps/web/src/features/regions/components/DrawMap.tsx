import 'leaflet/dist/leaflet.css';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
// after leaflet: the plugin extends the global L that leaflet sets
import '@geoman-io/leaflet-geoman-free';
import { Button, Group, Text } from '@mantine/core';
import { IconPolygon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GeoJSON, MapContainer, TileLayer, useMap } from 'react-leaflet';
import { useAppConfig } from '../../../lib/appConfig';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, MAP_ATTRIBUTION } from '../../../components/map/map';
import { useTiles } from '../../../components/map/tiles';
import { geojsonProblem } from '../geojson';

type Props = { geojson: string; onDrawn: (geojson: string) => void };

/** Drawing mode on request; a finished polygon becomes the region's geojson (the drawn layer is dropped). */
function Drawing({
  active,
  onDrawn,
  onDone,
}: {
  active: boolean;
  onDrawn: Props['onDrawn'];
  onDone: () => void;
}) {
  const map = useMap();
  useEffect(() => {
    const created = (event: { layer: L.Layer }) => {
      const layer = event.layer as L.Polygon;
      onDrawn(JSON.stringify(layer.toGeoJSON().geometry));
      map.removeLayer(layer);
      onDone();
    };
    map.on('pm:create', created);
    return () => void map.off('pm:create', created);
  }, [map, onDrawn, onDone]);
  useEffect(() => {
    if (active) map.pm.enableDraw('Polygon', { snappable: false, allowSelfIntersection: false });
    else map.pm.disableDraw();
  }, [map, active]);
  return null;
}

function FitShape({ shape }: { shape: GeoJSON.Geometry | null }) {
  const map = useMap();
  useEffect(() => {
    const timer = window.setTimeout(() => map.invalidateSize(), 200);
    return () => window.clearTimeout(timer);
  }, [map]);
  useEffect(() => {
    if (!shape) return;
    const bounds = L.geoJSON(shape).getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [10, 10], maxZoom: 12 });
  }, [map, shape]);
  return null;
}

/** The region's shape on a map, and drawing a new one with the Leaflet-Geoman plugin. */
export function DrawMap({ geojson, onDrawn }: Props) {
  const { t } = useTranslation('regions');
  const [drawing, setDrawing] = useState(false);
  const tileUrl = useAppConfig().data?.mapTileUrl;
  const tiles = useTiles(tileUrl);
  const shape = useMemo(
    () => (geojson && !geojsonProblem(geojson) ? (JSON.parse(geojson) as GeoJSON.Geometry) : null),
    [geojson],
  );
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm">{drawing ? t('drawHint') : t('drawIntro')}</Text>
        <Button
          size="xs"
          variant={drawing ? 'filled' : 'default'}
          leftSection={<IconPolygon size={16} />}
          onClick={() => setDrawing((d) => !d)}
          data-testid="region-draw"
        >
          {drawing ? t('drawStop') : t('draw')}
        </Button>
      </Group>
      <div role="region" aria-label={t('drawLabel')} data-testid="region-draw-map">
        <MapContainer
          center={[DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng]}
          zoom={DEFAULT_MAP_ZOOM}
          style={{ height: 260, width: '100%', borderRadius: 8 }}
        >
          {tileUrl && tiles.state === 'available' && (
            <TileLayer
              url={tileUrl}
              attribution={MAP_ATTRIBUTION}
              eventHandlers={{ tileload: tiles.onTileLoad, tileerror: tiles.onTileError }}
            />
          )}
          {shape && (
            <GeoJSON key={geojson} data={shape} style={{ color: '#e8590c', weight: 2, fillOpacity: 0.15 }} />
          )}
          <FitShape shape={shape} />
          <Drawing active={drawing} onDrawn={onDrawn} onDone={() => setDrawing(false)} />
        </MapContainer>
      </div>
    </div>
  );
}
