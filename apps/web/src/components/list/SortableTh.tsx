import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListState } from './useListState';

/** A column header that sorts the server-paged list by `column` (aria-sort tells screen readers the order). */
export function SortableTh<S extends string>({
  column,
  list,
  children,
  testId,
}: {
  column: S;
  list: Pick<ListState<S>, 'sort' | 'order' | 'toggleSort'>;
  children: ReactNode;
  testId: string;
}) {
  const active = list.sort === column;
  const Icon = !active ? IconArrowsSort : list.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (list.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => list.toggleSort(column)} data-testid={`${testId}-sort-${column}`}>
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
