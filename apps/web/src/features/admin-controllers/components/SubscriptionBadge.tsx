import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubscriptionState } from '@hivescope/contract';

const COLORS: Record<SubscriptionState, string> = { active: 'green', expiringSoon: 'orange', expired: 'red' };

/** Subscription state (docs/product.md §4): active, expiring soon, expired. */
export function SubscriptionBadge({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation('admin-controllers');
  return (
    // never narrower than its text (a badge hides its overflow): in a table cell it was cut to "A."
    <Badge color={COLORS[state]} variant="light" size="sm" data-state={state} miw="max-content">
      {t(`subscription.${state}`)}
    </Badge>
  );
}
