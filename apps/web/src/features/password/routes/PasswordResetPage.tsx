import { Alert, Anchor, Card, Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { passwordResetLoginUrl } from '../../../lib/redirect';
import { PageTitle } from '../../../components/ui/PageTitle';
import { checkResetToken } from '../api';
import { NewPasswordForm } from '../components/NewPasswordForm';

/**
 * /password/reset/:token — checks the link first, then asks for the new password; afterwards the login page
 * (a full page load, it is not part of the app) says the password was reset.
 */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const check = useQuery({
    queryKey: ['password', 'check', token],
    queryFn: () => checkResetToken(token),
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
  });

  return (
    <Container size="xs" py="xl">
      <Card withBorder padding="lg">
        <PageTitle>{t('common:screens.passwordReset')}</PageTitle>
        {check.isPending && <CenteredLoader />}
        {(check.isError || check.data?.valid === false) && (
          <Alert color="red" data-testid="password-reset-invalid">
            {check.error?.message ?? t('errors:linkInvalid')}{' '}
            <Anchor component={Link} to="/password/request" data-testid="password-reset-request-link">
              {t('password:requestNewLink')}
            </Anchor>
          </Alert>
        )}
        {check.data?.valid && (
          <NewPasswordForm token={token} onDone={() => window.location.replace(passwordResetLoginUrl)} />
        )}
      </Card>
    </Container>
  );
}
