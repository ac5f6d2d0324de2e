import { NavLink, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';

type Props = { controllers: Controller[]; selected: number; onSelect: (id: number) => void };

/** The own controllers; the chosen one's settings are shown next to (or, on a phone, below) the list. */
export function ControllerPicker({ controllers, selected, onSelect }: Props) {
  const { t } = useTranslation('controllers-settings');
  return (
    <Paper withBorder radius="md" p={4} component="nav" aria-label={t('picker.label')}>
      {controllers.map((controller) => {
        const scales = controller.scales.filter((s) => s.state !== 'archived').length;
        return (
          <NavLink
            key={controller.id}
            component="button"
            type="button"
            active={controller.id === selected}
            aria-current={controller.id === selected ? 'true' : undefined}
            label={<Text fw={600}>{controller.name}</Text>}
            description={t('picker.scales', { count: scales })}
            onClick={() => onSelect(controller.id)}
            data-testid={`controller-pick-${controller.id}`}
          />
        );
      })}
    </Paper>
  );
}
