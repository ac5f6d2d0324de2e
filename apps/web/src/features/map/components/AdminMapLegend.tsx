import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAP_STATES, type MapState } from '@hivescope/contract';
import { stateSvg } from '../states';

type Props = {
  counts: Record<MapState, number>;
  value: MapState[];
  onChange: (states: MapState[]) => void;
};

/** The legend, which is also the state filter: each state's shape and colour, name and count, as a toggle. */
export function AdminMapLegend({ counts, value, onChange }: Props) {
  const { t } = useTranslation('map');
  return (
    <Chip.Group multiple value={value} onChange={(v) => onChange(v as MapState[])}>
      <Group gap="xs" role="group" aria-label={t('legend')} data-testid="admin-map-legend">
        {MAP_STATES.map((state) => (
          <Chip key={state} value={state} variant="outline" data-testid={`admin-map-filter-${state}`}>
            <Group gap={6} wrap="nowrap">
              <span dangerouslySetInnerHTML={{ __html: stateSvg(state, 16) }} style={{ display: 'flex' }} />
              {/* a state none is in still shows its shape and a 0: the legend is also the filter */}
              <span data-testid={`admin-map-count-${state}`}>
                {t('legendEntry', { state: t(`states.${state}`), count: counts[state] })}
              </span>
            </Group>
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
