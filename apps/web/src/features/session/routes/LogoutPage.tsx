import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { useAppDispatch } from '../../../app/store/hooks';
import { performLogout } from '../../../app/store/session';

/** /logout — logs out, then goes to /. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void performLogout(dispatch, queryClient).then(() => navigate('/', { replace: true }));
  }, [dispatch, queryClient, navigate]);

  return <CenteredLoader label={t('session:loggingOut')} testId="logging-out" />;
}
