import { Alert, Card, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@hivescope/contract';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppDispatch } from '../../../app/store/hooks';
import { refreshSessionUser } from '../../../app/store/session';
import { saveOwnProfile } from '../api';
import { ProfileForm } from '../../../components/profile/ProfileForm';

/** Shown instead of every login-required screen while the profile is incomplete (no street). */
export function ForcedProfileUpdate({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <Container size="md" data-testid="forced-profile-update">
      <PageTitle>{t('errors:updateContactData')}</PageTitle>
      <Alert color="blue" mb="md">
        {t('profile:forcedHint', { email: user.userEmail })}
      </Alert>
      <Card withBorder>
        <ProfileForm
          initial={user.profile}
          save={saveOwnProfile}
          onSaved={() => refreshSessionUser(dispatch)}
          testId="forced-profile-form"
        />
      </Card>
    </Container>
  );
}
