import { useMemo, useState } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAP_STATES, type MapState } from '@hivescope/contract';
import PointsMap from '../../../components/map/PointsMap';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAdminMap } from '../api';
import { AdminMapLegend } from '../components/AdminMapLegend';
import { AdminMapPoint } from '../components/AdminMapPoint';
import { AdminMapSummary } from '../components/AdminMapSummary';
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
  const unplaced = useMemo(() => map.data?.withoutLocation ?? [], [map.data]);
  const filter = useMemo(
    () => ({ states, affiliationId: idOf(affiliation), regionId: idOf(region) }),
    [states, affiliation, region],
  );
  const shown = useMemo(
    () => filterAdminMap(rows, filter).map((r) => ({ ...r, lat: r.location.lat, lng: r.location.lng })),
    [rows, filter],
  );
  // the legend counts, by state, the controllers of the chosen affiliation and region, on the map or not
  // (docs/maps.md "Admin map"): a state's count is what switching it on adds
  const counts = useMemo(
    () => countByState(filterAdminMap([...rows, ...unplaced], { ...filter, states: [...MAP_STATES] })),
    [rows, unplaced, filter],
  );
  return (
    <>
      <PageTitle>{t('common:screens.adminMap')}</PageTitle>
      {map.isPending && <CenteredLoader />}
      {map.isError && <LoadError />}
      {map.data && (
        <Stack gap="xs">
          <Group justify="space-between" align="flex-end">
            <AdminMapLegend counts={counts} value={states} onChange={setStates} />
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
          <AdminMapSummary placed={rows} withoutLocation={unplaced} filter={filter} />
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
