import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { useAppDispatch } from '../../../app/store/hooks';
import { performLogout } from '../../../app/store/session';

/** /logout — logs out, then loads / afresh (the server serves the login page there, outside the app). */
export default function LogoutPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void performLogout(dispatch, queryClient).then(() => window.location.replace('/'));
  }, [dispatch, queryClient]);

  return <CenteredLoader label={t('session:loggingOut')} testId="logging-out" />;
}
