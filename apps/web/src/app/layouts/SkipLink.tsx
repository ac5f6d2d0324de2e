import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** id of the element that holds the screen (set by the layouts). */
export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps past the navigation to the screen. */
export function SkipLink() {
  const { t } = useTranslation('common');
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus the region itself: a plain "#main-content" would only scroll and also touch the router's URL.
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skip} data-testid="skip-link">
      {t('nav.skipToContent')}
    </a>
  );
}
