import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { Alert } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { Location } from '@hivescope/contract';
import { useAppConfig } from '../../lib/appConfig';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, LOCATION_ZOOM, MAP_ATTRIBUTION, roundCoordinate } from './map';
import { useTiles } from './tiles';

type Props = {
  value: Location | null;
  onChange?: (location: Location) => void;
  label: string;
  testId?: string;
};

/** Sets the location on a click (when editable) and keeps the marker in view when typed in. */
function MapBehaviour({ value, onChange }: Pick<Props, 'value' | 'onChange'>) {
  const map = useMap();
  useMapEvents({
    click: (event) =>
      onChange?.({ lat: roundCoordinate(event.latlng.lat), lng: roundCoordinate(event.latlng.lng) }),
  });
  useEffect(() => {
    const timer = window.setTimeout(() => map.invalidateSize(), 200);
    return () => window.clearTimeout(timer);
  }, [map]);
  useEffect(() => {
    if (value && !map.getBounds().contains([value.lat, value.lng])) map.panTo([value.lat, value.lng]);
  }, [map, value]);
  return null;
}

/**
 * A Leaflet map with the controller's location as a marker; a click moves it (when `onChange` is given).
 * Without tiles (offline) it says so and still draws the marker.
 */
export default function LocationMap({ value, onChange, label, testId }: Props) {
  const { t } = useTranslation('common');
  const tileUrl = useAppConfig().data?.mapTileUrl;
  const tiles = useTiles(tileUrl);
  const center = value ?? DEFAULT_MAP_CENTER;
  return (
    <div role="region" aria-label={label} data-testid={testId} data-tiles={tiles.state}>
      {tiles.state === 'unavailable' && (
        <Alert
          color="gray"
          variant="light"
          mb={4}
          py={6}
          icon={<IconMapOff size={18} />}
          role="status"
          data-testid="map-tiles-unavailable"
        >
          {t('map.tilesUnavailable')}
        </Alert>
      )}
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={value ? LOCATION_ZOOM : DEFAULT_MAP_ZOOM}
        style={{ height: 260, width: '100%', borderRadius: 8, cursor: onChange ? 'crosshair' : undefined }}
      >
        {tileUrl && tiles.state === 'available' && (
          <TileLayer
            url={tileUrl}
            attribution={MAP_ATTRIBUTION}
            eventHandlers={{ tileload: tiles.onTileLoad, tileerror: tiles.onTileError }}
          />
        )}
        {value && (
          <CircleMarker
            center={[value.lat, value.lng]}
            radius={9}
            className="location-marker"
            pathOptions={{ color: '#e8590c' }}
          />
        )}
        <MapBehaviour value={value} onChange={onChange} />
      </MapContainer>
    </div>
  );
}
