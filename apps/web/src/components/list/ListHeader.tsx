import type { ReactNode } from 'react';
import { Group, type GroupProps } from '@mantine/core';
import { ListSearch } from './ListSearch';
import type { ListState } from './useListState';

/** Above a server-paged list: its search box, then its filters or actions (`children`) in a row. */
export function ListHeader(props: {
  list: Pick<ListState<string>, 'search' | 'setSearch'>;
  search: { label: string; placeholder: string; testId: string };
  align: GroupProps['align'];
  justify?: GroupProps['justify'];
  children: ReactNode;
}) {
  return (
    <Group align={props.align} {...(props.justify ? { justify: props.justify } : {})}>
      <ListSearch list={props.list} {...props.search} />
      {props.children}
    </Group>
  );
}
