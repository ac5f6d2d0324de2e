import { useEffect } from 'react';
import { Title } from '@mantine/core';
import { useDocumentTitle } from './documentTitle';

/**
 * The screen's one `h1`; also sets the browser tab title ("<title> · <brand>"). It takes the focus after a
 * route change (app/layouts/useFocusHeadingOnNavigation), hence tabIndex -1.
 */
export function PageTitle({ children }: { children: string }) {
  const setTitle = useDocumentTitle();
  useEffect(() => setTitle(children), [children, setTitle]);
  return (
    <Title order={1} size="h2" mb="md" tabIndex={-1} data-testid="page-title">
      {children}
    </Title>
  );
}
