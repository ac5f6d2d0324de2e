import { useMemo, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Firmware } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { useFirmwareControllers } from '../api';
import { chosen, NO_FILTERS, toQuery, type ControllerFilters } from '../selection';
import { ControllerFilterBar } from './ControllerFilterBar';
import { FirmwareControllersTable } from './FirmwareControllersTable';
import { SelectionActions } from './SelectionActions';

/**
 * The controllers: filtered (by the server), chosen by ticks or "select all", then given a desired version
 * or a staged roll-out. `poll`: a roll-out is active, so versions and states change while the page is open.
 */
export function ControllersSection({ versions, poll }: { versions: Firmware[]; poll: boolean }) {
  const { t } = useTranslation('firmware');
  const [filters, setFilters] = useState<ControllerFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const query = useMemo(() => toQuery(filters), [filters]);
  const all = useFirmwareControllers({}, poll);
  const shown = useFirmwareControllers(query, poll);
  const rows = shown.data ?? [];
  const ids = chosen(rows, selected);

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('controllers.title')}
      </Title>
      <ControllerFilterBar all={all.data ?? []} filters={filters} onChange={setFilters} />
      {shown.isPending && <CenteredLoader />}
      {shown.isError && <LoadError />}
      {shown.data && (
        <>
          <Text size="sm" c="dimmed" data-testid="firmware-controllers-count">
            {t('controllers.shown', { shown: rows.length, total: all.data?.length ?? rows.length })}
          </Text>
          {rows.length === 0 ? (
            <Text c="dimmed" data-testid="firmware-controllers-empty">
              {t('controllers.none')}
            </Text>
          ) : (
            <FirmwareControllersTable rows={rows} selected={selected} onSelect={setSelected} />
          )}
          <SelectionActions versions={versions} chosen={ids} onDone={() => setSelected(new Set())} />
        </>
      )}
    </Stack>
  );
}
