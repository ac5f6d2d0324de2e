import { useMemo } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Marker, Popup } from 'react-leaflet';
import type { PublicMapEntry } from '@hivescope/contract';
import PointsMap from '../../../components/map/PointsMap';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { formatKg } from '../../../lib/format';
import { usePublicMap } from '../api';

/** A honeycomb cell: the public map's marker (an SVG divIcon, drawn without tiles or images). */
const hiveIcon = L.divIcon({
  html:
    '<span data-testid="map-point"><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">' +
    '<polygon points="12,2 21,7 21,17 12,22 3,17 3,7" fill="#f08c00" stroke="#5c3c00" stroke-width="2"/></svg></span>',
  className: 'points-map-point-icon',
  iconSize: [24, 24],
});

type PointProps = { entry: PublicMapEntry & { lat: number; lng: number } };

function PublicPoint({ entry }: PointProps) {
  const { t, i18n } = useTranslation('map');
  const change =
    entry.todayChangeKg === null ? t('noChange') : formatKg(entry.todayChangeKg, i18n.language, true);
  return (
    <Marker position={[entry.lat, entry.lng]} icon={hiveIcon} title={entry.name}>
      <Popup>
        <Stack gap={4} data-testid="map-popup">
          <Text fw={700} size="sm">
            {entry.name}
          </Text>
          <Text size="sm">
            {t('todayChange')}: <span data-testid="map-popup-change">{change}</span>
          </Text>
          {entry.liveShareUrl && (
            <Anchor
              href={entry.liveShareUrl}
              target="_blank"
              rel="noopener"
              size="sm"
              data-testid="map-popup-share"
            >
              {t('liveShare')}
            </Anchor>
          )}
        </Stack>
      </Popup>
    </Marker>
  );
}

/** The public map's content: /map and /shared/map (docs/maps.md "Public map"). */
export function PublicMapView() {
  const { t } = useTranslation('map');
  const map = usePublicMap();
  const points = useMemo(
    () => (map.data?.controllers ?? []).map((c) => ({ ...c, lat: c.location.lat, lng: c.location.lng })),
    [map.data],
  );
  if (map.isPending) return <CenteredLoader />;
  if (map.isError) return <LoadError />;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="public-map-note">
        {t('publicNote', { count: points.length })}
      </Text>
      <PointsMap
        points={points}
        label={t('publicLabel')}
        clusterTitle={(count) => t('clusterTitle', { count })}
        renderPoint={(entry) => <PublicPoint entry={entry} />}
        testId="public-map"
      />
    </Stack>
  );
}
