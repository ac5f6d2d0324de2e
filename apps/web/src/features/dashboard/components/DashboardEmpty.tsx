import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** "No data" with a link to Settings → Register transmitters. */
export function DashboardEmpty() {
  const { t } = useTranslation(['dashboard', 'errors', 'common']);
  return (
    <Alert icon={<IconInfoCircle />} title={t('errors:noData')} data-testid="dashboard-empty">
      <Stack gap="xs">
        <Text size="sm">{t('dashboard:empty.text')}</Text>
        <Anchor
          component={Link}
          to="/settings?tab=registerTransmitters"
          data-testid="dashboard-register-link"
        >
          {t('dashboard:empty.link')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
