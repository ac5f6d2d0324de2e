import { Stack, Text } from '@mantine/core';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Marker, Popup } from 'react-leaflet';
import type { AdminMapEntry, MapState } from '@hivescope/contract';
import { formatDateTime, MISSING } from '../../../lib/format';
import { stateSvg } from '../states';

const icons = new Map<MapState, L.DivIcon>();
/** One shared icon per state (10,000 markers, three icons). */
function stateIcon(state: MapState): L.DivIcon {
  let icon = icons.get(state);
  if (!icon) {
    icon = L.divIcon({
      html: `<span data-testid="admin-map-point" data-state="${state}">${stateSvg(state)}</span>`,
      className: 'points-map-point-icon',
      iconSize: [22, 22],
    });
    icons.set(state, icon);
  }
  return icon;
}

/** One controller on the admin map: its state's shape and colour, its name and state as title, details in a popup. */
export function AdminMapPoint({ entry }: { entry: AdminMapEntry }) {
  const { t, i18n } = useTranslation('map');
  const state = t(`states.${entry.state}`);
  return (
    <Marker
      position={[entry.location.lat, entry.location.lng]}
      icon={stateIcon(entry.state)}
      title={`${entry.name} – ${state}`}
    >
      <Popup>
        <Stack gap={2} data-testid="admin-map-popup">
          <Text fw={700} size="sm">
            {entry.name} (#{entry.id})
          </Text>
          <Text size="sm">
            {t('state')}: {state}
          </Text>
          <Text size="sm">
            {t('owner')}: {entry.ownerEmail ?? MISSING}
          </Text>
          {entry.affiliationName && (
            <Text size="sm">
              {t('affiliation')}: {entry.affiliationName}
            </Text>
          )}
          {entry.regionName && (
            <Text size="sm">
              {t('region')}: {entry.regionName}
            </Text>
          )}
          <Text size="sm">
            {t('lastReport')}: {formatDateTime(entry.lastUpdate, i18n.language)}
          </Text>
          <Text size="sm">
            {t('subscriptionEnd')}: {formatDateTime(entry.subscriptionEnd, i18n.language)}
          </Text>
        </Stack>
      </Popup>
    </Marker>
  );
}
