import { Group, Text, type MantineSize } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHANGE_COLORS, type ChangeDirection } from '../dashboard';
import { formatKg } from '../../../lib/format';
import { useLocale } from '../useDashboardView';

const ICONS = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconArrowRight } as const;

/** Today's change with an arrow and colour (gain green, loss red). */
export function ChangeValue({
  change,
  direction,
  size = 'sm',
}: {
  change: number | null;
  direction: ChangeDirection;
  size?: MantineSize;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const Icon = direction === 'none' ? null : ICONS[direction];
  const iconSize = size === 'xl' ? 28 : 16;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      c={CHANGE_COLORS[direction]}
      data-testid="scale-change"
      data-direction={direction}
    >
      {Icon && <Icon size={iconSize} aria-label={t(`change.${direction}`)} />}
      <Text span fz={size} fw={size === 'xl' ? 700 : 500} c="inherit">
        {formatKg(change, locale, true)}
      </Text>
    </Group>
  );
}
