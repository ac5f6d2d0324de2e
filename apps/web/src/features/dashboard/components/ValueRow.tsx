import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

/** "Label ……… value" line of a tile. */
export function ValueRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {typeof children === 'string' ? (
        <Text size="sm" fw={500} data-testid={testId}>
          {children}
        </Text>
      ) : (
        children
      )}
    </Group>
  );
}
