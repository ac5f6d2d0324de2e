import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { AdminUsersList } from './AdminUsersList';
import { AffiliatedUsersList } from './AffiliatedUsersList';

/**
 * Settings tab "users" (docs/decisions.md "Settings tabs by role"): an admin gets the list of /a/users (every
 * user, editable), a manager the read-only list of /m/users (the affiliation's users), each with a link to the
 * page of its own. Only admins and managers see the tab (features/settings/tabs.ts).
 */
export default function UsersSettingsTab() {
  const { t } = useTranslation('users');
  const admin = Boolean(useAppSelector(selectUser)?.admin);
  return (
    <Stack data-testid="settings-tab-users" gap="sm">
      <Title order={2}>{t('common:settingsTabs.users')}</Title>
      <Text size="sm" c="dimmed">
        {t(admin ? 'tabIntroAdmin' : 'tabIntroManager')}{' '}
        <Anchor component={Link} to={admin ? '/a/users' : '/m/users'} data-testid="users-page-link">
          {t('openPage')}
        </Anchor>
      </Text>
      {admin ? <AdminUsersList /> : <AffiliatedUsersList />}
    </Stack>
  );
}
