import { Suspense } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/ui/CenteredLoader';
import { PageErrorBoundary } from '../../components/ui/PageErrorBoundary';

/** Layout of /shared/* (embeddable shared views): no navbar, no footer. */
export function PublicLayout() {
  const location = useLocation();
  return (
    <Box p="md" data-testid="public-layout">
      <PageErrorBoundary key={location.pathname}>
        <Suspense fallback={<CenteredLoader />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </Box>
  );
}
