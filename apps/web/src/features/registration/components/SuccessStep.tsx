import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEffect } from 'react';
import { clearErrorToasts } from '../../../lib/toast';

/**
 * Step 3: registration done; activation may take up to a day (docs/product.md §4). The errors of refused
 * tries before (a mistyped IMEI, say) no longer apply, so their toasts go.
 */
export function SuccessStep() {
  const { t } = useTranslation('registration');
  useEffect(() => clearErrorToasts(), []);
  return (
    <Stack data-testid="registration-success">
      <Alert color="green" icon={<IconCircleCheck />} title={t('successTitle')}>
        <Text>{t('successText')}</Text>
      </Alert>
      <Button component={Link} to="/dashboard" data-testid="registration-dashboard-link">
        {t('toDashboard')}
      </Button>
    </Stack>
  );
}
