import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectIsLoggedIn, selectSession } from '../store/selectors';
import { restoreSession } from '../store/session';
import { CheckingLogin } from '../../features/session/components/CheckingLogin';
import { FullPageLoad } from '../../components/ui/FullPageLoad';
import { loginUrl } from '../../lib/redirect';
import { ForcedProfileUpdate, TransmitterRegistrationGate } from '../pages';

/**
 * Login-required screens: "checking login" while GET user/ping restores the session, the login page
 * (with `from`; a full page load, it is not part of the app) when that fails, the forced profile update
 * while the profile is incomplete, the transmitter registration while the session user's
 * `registrationPending` is set (docs/product.md §4).
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const session = useAppSelector(selectSession);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const needsRestore = !loggedIn && session.status !== 'loggedOut';

  useEffect(() => {
    if (needsRestore) void restoreSession(dispatch);
  }, [needsRestore, dispatch]);

  if (session.status === 'loggedOut') {
    return <FullPageLoad to={loginUrl(`${location.pathname}${location.search}`)} />;
  }
  if (!loggedIn || !session.user) return <CheckingLogin />;
  if (!session.user.profileComplete) return <ForcedProfileUpdate user={session.user} />;
  if (session.user.registrationPending) return <TransmitterRegistrationGate />;
  return children;
}
