import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { refreshSessionUser } from '../../../app/store/session';
import { saveOwnProfile } from '../api';
import { LanguagePreference } from './LanguagePreference';
import { PasswordChangeForm } from './PasswordChangeForm';
import { ProfileForm } from '../../../components/profile/ProfileForm';

/** Settings tab "Profile/account": contact data, password change, language. */
export default function ProfileSettingsTab() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return (
    <Stack data-testid="profile-tab">
      <Card withBorder>
        <Title order={2} mb="xs">
          {t('contactData')}
        </Title>
        <Text c="dimmed" mb="md" data-testid="profile-email">
          {t('accountEmail', { email: user.userEmail })}
        </Text>
        <ProfileForm
          initial={user.profile}
          save={saveOwnProfile}
          onSaved={() => refreshSessionUser(dispatch)}
        />
      </Card>
      <Card withBorder>
        <Title order={2} mb="md">
          {t('changePassword')}
        </Title>
        <PasswordChangeForm />
      </Card>
      <Card withBorder>
        <Title order={2} mb="md">
          {t('languageTitle')}
        </Title>
        <LanguagePreference />
      </Card>
    </Stack>
  );
}
