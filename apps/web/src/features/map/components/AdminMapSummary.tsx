import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminMapEntry, AdminMapUnplaced } from '@hivescope/contract';
import { adminMapSummary, type AdminMapFilter } from '../states';

/** Names listed for the controllers without a location; more are only counted (a long list helps nobody). */
const MAX_NAMES = 5;

type Props = {
  placed: readonly AdminMapEntry[];
  withoutLocation: readonly AdminMapUnplaced[];
  filter: AdminMapFilter;
};

/**
 * "n of m transmitters shown": m is every controller the admin can see, and the rest is explained: those without
 * a location by name, those the filters hide by count (docs/maps.md "Admin map").
 */
export function AdminMapSummary({ placed, withoutLocation, filter }: Props) {
  const { t } = useTranslation('map');
  const { total, shown, unplaced, hidden } = adminMapSummary(placed, withoutLocation, filter);
  const listed = unplaced.slice(0, MAX_NAMES).map((c) => c.name);
  const more = unplaced.length - listed.length;
  const names = [...listed, ...(more > 0 ? [t('andMore', { count: more })] : [])].join(', ');
  return (
    <Text size="sm" c="dimmed" data-testid="admin-map-summary">
      {t('adminSummary', { shown, total })}
      {unplaced.length > 0 && (
        <span data-testid="admin-map-unplaced">
          {' '}
          {t('withoutLocation', { count: unplaced.length, names })}
        </span>
      )}
      {hidden > 0 && <span data-testid="admin-map-hidden"> {t('hiddenByFilters', { count: hidden })}</span>}
    </Text>
  );
}
