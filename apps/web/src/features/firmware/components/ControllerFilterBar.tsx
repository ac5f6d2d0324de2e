import { Button, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FirmwareControllerRow } from '@hivescope/contract';
import { filterOptions, NO_FILTERS, NO_VERSION, type ControllerFilters } from '../selection';

type Props = {
  /** every controller (unfiltered): the choices come from them */
  all: readonly FirmwareControllerRow[];
  filters: ControllerFilters;
  onChange: (filters: ControllerFilters) => void;
};

/** The three filters of the controller list (current version, region, affiliation); they combine. */
export function ControllerFilterBar({ all, filters, onChange }: Props) {
  const { t } = useTranslation('firmware');
  const options = filterOptions(all);
  const versions = [
    ...options.versions,
    ...(options.unreported ? [{ value: NO_VERSION, label: t('controllers.noVersion') }] : []),
  ];
  const set = (next: Partial<ControllerFilters>) => onChange({ ...filters, ...next });
  const active = Object.values(filters).some((v) => v !== null);

  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('controllers.filterCurrent')}
        placeholder={t('controllers.any')}
        data={versions}
        value={filters.currentVersion}
        onChange={(currentVersion) => set({ currentVersion })}
        clearable
        searchable
        w={200}
        data-testid="firmware-filter-current"
      />
      <Select
        label={t('controllers.filterRegion')}
        placeholder={t('controllers.any')}
        data={options.regions}
        value={filters.regionId}
        onChange={(regionId) => set({ regionId })}
        clearable
        searchable
        w={220}
        data-testid="firmware-filter-region"
      />
      <Select
        label={t('controllers.filterAffiliation')}
        placeholder={t('controllers.any')}
        data={options.affiliations}
        value={filters.affiliationId}
        onChange={(affiliationId) => set({ affiliationId })}
        clearable
        searchable
        w={220}
        data-testid="firmware-filter-affiliation"
      />
      {active && (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)} data-testid="firmware-filter-reset">
          {t('controllers.resetFilters')}
        </Button>
      )}
    </Group>
  );
}
