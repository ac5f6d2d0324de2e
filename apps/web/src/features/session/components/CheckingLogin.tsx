import { useEffect, useState } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';

/** After this long the checking-login spinner also shows the stuck-login hint. */
export const STUCK_LOGIN_MS = 10_000;

/** "Checking login" spinner shown while GET user/ping restores the session. */
export function CheckingLogin() {
  const { t } = useTranslation();
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setStuck(true), STUCK_LOGIN_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <CenteredLoader label={t('session:checkingLogin')} testId="checking-login">
      {stuck && (
        <Alert color="yellow" data-testid="stuck-login">
          {t('errors:stuckLogin')}{' '}
          <Anchor href="/" data-testid="stuck-login-link">
            {t('errors:stuckLoginLink')}
          </Anchor>
        </Alert>
      )}
    </CenteredLoader>
  );
}
