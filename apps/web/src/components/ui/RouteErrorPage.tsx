import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorFallback } from './ErrorFallback';
import NotFound from './NotFound';

/** errorElement of the router and the /error route: "An error occurred" + start-over link. */
export default function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (error) console.error(error);
  return <ErrorFallback />;
}
