import { Suspense, useRef } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/ui/CenteredLoader';
import { PageErrorBoundary } from '../../components/ui/PageErrorBoundary';
import { MAIN_CONTENT_ID } from './SkipLink';
import { useFocusHeadingOnNavigation } from './useFocusHeadingOnNavigation';

/** Layout of /shared/* (embeddable shared views): no navbar, no footer, hence no skip link. */
export function PublicLayout() {
  const location = useLocation();
  const content = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(content);
  return (
    <Box component="main" p="md" id={MAIN_CONTENT_ID} tabIndex={-1} ref={content} data-testid="public-layout">
      <PageErrorBoundary key={location.pathname}>
        <Suspense fallback={<CenteredLoader />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </Box>
  );
}
