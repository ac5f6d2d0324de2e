import { Navigate, useLocation, useSearchParams } from 'react-router';
import { FullPageLoad } from '../../components/ui/FullPageLoad';
import { LOGIN_PATH, safeFrom } from '../../lib/redirect';

/**
 * "/" in the app: the server serves it only to a visitor with a live session (everyone else gets the login
 * page, docs/decisions.md "Web bundle and first load"), so it leads on to the `from` path or the dashboard,
 * whose login guard deals with a session that ended meanwhile.
 */
export function StartRedirect() {
  const [params] = useSearchParams();
  return <Navigate to={safeFrom(params.get('from'))} replace />;
}

/**
 * "/login" reached inside the app: the login page is not part of it, so it is loaded from the server
 * (which sends a logged-in visitor on). The dev server has no such route and serves the page as login.html.
 */
export function LoginPageRedirect() {
  const { search } = useLocation();
  const page = import.meta.env.DEV ? `${LOGIN_PATH}.html` : LOGIN_PATH;
  return <FullPageLoad to={`${page}${search}`} />;
}
