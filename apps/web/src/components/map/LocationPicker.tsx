import { Suspense } from 'react';
import { Group, Input, NumberInput, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../lib/lazy';
import { toLocation, type CoordinateInput } from '../../lib/location';

/** Leaflet is a chunk of its own: the form shows at once, the map follows. */
const LocationMap = lazyPage('location-map', () => import('./LocationMap'), []);

export type LocationPickerProps = {
  lat: CoordinateInput;
  lng: CoordinateInput;
  onChange: (lat: CoordinateInput, lng: CoordinateInput) => void;
  error?: string | undefined;
  testIdPrefix: string;
};

/** Location of a transmitter: click on the map or type latitude/longitude (WGS84). */
export function LocationPicker({ lat, lng, onChange, error, testIdPrefix }: LocationPickerProps) {
  const { t } = useTranslation('controller-registration');
  const location = toLocation(lat, lng);
  return (
    <Input.Wrapper label={t('location.label')} description={t('location.hint')} error={error}>
      <Stack gap="xs" mt={4}>
        <Suspense fallback={<Skeleton height={260} />}>
          <LocationMap
            value={location === 'invalid' ? null : location}
            onChange={(picked) => onChange(picked.lat, picked.lng)}
            label={t('location.map')}
            testId={`${testIdPrefix}-map`}
          />
        </Suspense>
        <Group grow align="flex-start">
          <NumberInput
            label={t('location.lat')}
            value={lat}
            onChange={(value) => onChange(value, lng)}
            min={-90}
            max={90}
            decimalScale={6}
            hideControls
            error={Boolean(error)}
            data-testid={`${testIdPrefix}-lat`}
          />
          <NumberInput
            label={t('location.lng')}
            value={lng}
            onChange={(value) => onChange(lat, value)}
            min={-180}
            max={180}
            decimalScale={6}
            hideControls
            error={Boolean(error)}
            data-testid={`${testIdPrefix}-lng`}
          />
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
