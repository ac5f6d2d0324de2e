import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Step 3: registration done; activation may take up to a day (docs/product.md §4). */
export function SuccessStep() {
  const { t } = useTranslation('registration');
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
