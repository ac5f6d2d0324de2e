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

/** The bar's filters, in order: which one, the key of its label, its width and test id. */
const FILTERS = [
  { key: 'currentVersion', labelKey: 'controllers.filterCurrent', w: 200, testId: 'firmware-filter-current' },
  { key: 'regionId', labelKey: 'controllers.filterRegion', w: 220, testId: 'firmware-filter-region' },
  {
    key: 'affiliationId',
    labelKey: 'controllers.filterAffiliation',
    w: 220,
    testId: 'firmware-filter-affiliation',
  },
] as const satisfies readonly { key: keyof ControllerFilters; w: number; testId: string; labelKey: string }[];

/** The three filters of the controller list (current version, region, affiliation); they combine. */
export function ControllerFilterBar({ all, filters, onChange }: Props) {
  const { t } = useTranslation('firmware');
  const options = filterOptions(all);
  const versions = [
    ...options.versions,
    ...(options.unreported ? [{ value: NO_VERSION, label: t('controllers.noVersion') }] : []),
  ];
  const data: Record<keyof ControllerFilters, readonly { value: string; label: string }[]> = {
    currentVersion: versions,
    regionId: options.regions,
    affiliationId: options.affiliations,
  };
  const active = Object.values(filters).some((v) => v !== null);

  return (
    <Group align="flex-end" gap="sm">
      {FILTERS.map(({ key, labelKey, w, testId }) => (
        <Select
          key={key}
          label={t(labelKey)}
          placeholder={t('controllers.any')}
          data={data[key]}
          value={filters[key]}
          onChange={(value) => onChange({ ...filters, [key]: value })}
          clearable
          searchable
          w={w}
          data-testid={testId}
        />
      ))}
      {active && (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)} data-testid="firmware-filter-reset">
          {t('controllers.resetFilters')}
        </Button>
      )}
    </Group>
  );
}
