import type { ReactNode } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';

/** A spinner in the middle of the content area, with an optional text under it. */
export function CenteredLoader({
  label,
  children,
  testId,
}: {
  label?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Center py="xl" data-testid={testId}>
      <Stack align="center" gap="sm">
        <Loader aria-label={label} />
        {label && <Text c="dimmed">{label}</Text>}
        {children}
      </Stack>
    </Center>
  );
}
