import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './PageTitle';

/** 404 (also shown for areas the user's role does not open): "This page does not exist" + link to /dashboard. */
export default function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" data-testid="not-found">
      <PageTitle>{t('errors:pageNotFound')}</PageTitle>
      <Text>
        <Anchor component={Link} to="/dashboard" data-testid="not-found-dashboard-link">
          {t('common:screens.dashboard')}
        </Anchor>
      </Text>
    </Stack>
  );
}
