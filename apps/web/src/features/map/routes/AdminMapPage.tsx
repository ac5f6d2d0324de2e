import { useMemo, useState } from 'react';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAP_STATES, type MapState } from '@hivescope/contract';
import PointsMap from '../../../components/map/PointsMap';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAdminMap } from '../api';
import { AdminMapLegend } from '../components/AdminMapLegend';
import { AdminMapPoint } from '../components/AdminMapPoint';
import { affiliationsOf, countByState, filterAdminMap, regionsOf, selectOptions } from '../states';

const idOf = (value: string | null) => (value === null ? null : Number(value));

/**
 * /a/map — every controller at its true position, by state, with filters by state, affiliation and primary
 * region (docs/maps.md "Admin map").
 */
export default function AdminMapPage() {
  const { t } = useTranslation();
  const map = useAdminMap();
  const [states, setStates] = useState<MapState[]>([...MAP_STATES]);
  const [affiliation, setAffiliation] = useState<string | null>(null);
  const [region, setRegion] = useState<string | null>(null);
  const rows = useMemo(() => map.data?.controllers ?? [], [map.data]);
  const affiliations = useMemo(() => affiliationsOf(rows), [rows]);
  const regions = useMemo(() => regionsOf(rows), [rows]);
  const shown = useMemo(
    () =>
      filterAdminMap(rows, { states, affiliationId: idOf(affiliation), regionId: idOf(region) }).map((r) => ({
        ...r,
        lat: r.location.lat,
        lng: r.location.lng,
      })),
    [rows, states, affiliation, region],
  );
  return (
    <>
      <PageTitle>{t('common:screens.adminMap')}</PageTitle>
      {map.isPending && <CenteredLoader />}
      {map.isError && <LoadError />}
      {map.data && (
        <Stack gap="xs">
          <Group justify="space-between" align="flex-end">
            <AdminMapLegend counts={countByState(rows)} value={states} onChange={setStates} />
            <Group gap="sm" align="flex-end">
              {affiliations.length > 0 && (
                <Select
                  label={t('map:affiliation')}
                  placeholder={t('map:allAffiliations')}
                  data={selectOptions(affiliations)}
                  value={affiliation}
                  onChange={setAffiliation}
                  clearable
                  w={240}
                  data-testid="admin-map-affiliation"
                />
              )}
              {regions.length > 0 && (
                <Select
                  label={t('map:region')}
                  placeholder={t('map:allRegions')}
                  data={selectOptions(regions)}
                  value={region}
                  onChange={setRegion}
                  clearable
                  searchable
                  w={240}
                  data-testid="admin-map-region"
                />
              )}
            </Group>
          </Group>
          <Text size="sm" c="dimmed" data-testid="admin-map-summary">
            {t('map:adminSummary', { shown: shown.length, total: rows.length })}
            {map.data.withoutLocation > 0 &&
              ` ${t('map:withoutLocation', { count: map.data.withoutLocation })}`}
          </Text>
          <PointsMap
            points={shown}
            label={t('map:adminLabel')}
            clusterTitle={(count) => t('map:clusterTitle', { count })}
            renderPoint={(entry) => <AdminMapPoint entry={entry} />}
            testId="admin-map"
          />
        </Stack>
      )}
    </>
  );
}
