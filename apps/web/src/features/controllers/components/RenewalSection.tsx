import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Controller, SubscriptionState } from '@hivescope/contract';
import { useAppSelector } from '../../../app/store/hooks';
import { selectLocale, selectUser } from '../../../app/store/selectors';
import { formatDate } from '../../../lib/format';
import { canRenew } from '../../../lib/renewal';
import { RenewalDialog } from '../../../components/renewal/RenewalDialog';

// the dashboard badge's colours (features/dashboard/dashboard.ts), which a feature may not import
const STATE_COLORS: Record<SubscriptionState, string> = {
  active: 'green',
  expiringSoon: 'yellow',
  expired: 'red',
};

/** The subscription of an own controller in Settings → Controllers: state, end and the renewal dialog. */
export function RenewalSection({ controller }: { controller: Controller }) {
  const { t } = useTranslation(['dashboard', 'shop']);
  const locale = useAppSelector(selectLocale);
  const user = useAppSelector(selectUser);
  if (!canRenew(controller, user?.userId)) return null;
  return (
    <Group gap="sm" wrap="wrap" data-testid="renewal-section">
      <Badge color={STATE_COLORS[controller.subscriptionState]} data-state={controller.subscriptionState}>
        {t(`subscription.${controller.subscriptionState}`)}
      </Badge>
      <Text size="sm" data-testid="renewal-section-end">
        {t('subscription.endsOn', { date: formatDate(controller.subscriptionEnd, locale) })}
      </Text>
      <RenewalDialog controller={controller} />
    </Group>
  );
}
