import { useEffect } from 'react';
import { CenteredLoader } from './CenteredLoader';

/**
 * Leaves the single-page app for `to` with a full page load (the current history entry is replaced), e.g.
 * for the login page, which is served outside the app (docs/decisions.md, "Web bundle and first load").
 */
export function FullPageLoad({ to, testId }: { to: string; testId?: string }) {
  useEffect(() => window.location.replace(to), [to]);
  return <CenteredLoader testId={testId} />;
}
