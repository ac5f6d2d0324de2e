import { useEffect } from 'react';
import { Title } from '@mantine/core';
import { useDocumentTitle } from './documentTitle';

/** The screen's heading; also sets the browser tab title ("<title> · <brand>"). */
export function PageTitle({ children, order = 2 }: { children: string; order?: 1 | 2 | 3 }) {
  const setTitle = useDocumentTitle();
  useEffect(() => setTitle(children), [children, setTitle]);
  return (
    <Title order={order} mb="md">
      {children}
    </Title>
  );
}
