import { Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminControllerRow } from '@hivescope/contract';
import { useAdminControllerRow, useResetNotificationCount } from '../api';

/**
 * The controller's remaining notification count (each SMS uses one; at zero SMS stop) and the admin's reset
 * (POST admin/controller/{id}/resetNotificationCount). The count is read again
 * after the reset (the admin row, found by id).
 */
export function NotificationCount({ row }: { row: AdminControllerRow }) {
  const { t } = useTranslation('admin-controllers');
  const current = useAdminControllerRow(row.id);
  const reset = useResetNotificationCount(row.id);
  const count = current.data?.remainingNotifications ?? row.remainingNotifications;
  return (
    <Group gap="md" align="center">
      <Text size="sm" data-testid="admin-remaining-notifications" data-count={count}>
        {t('notifications.remaining', { count })}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        loading={reset.isPending}
        onClick={() => reset.mutate()}
        data-testid="reset-notification-count"
      >
        {t('notifications.reset')}
      </Button>
    </Group>
  );
}
