import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ListState } from './useListState';

/** The search box of a server-paged table: the server is asked once typing pauses. */
export function ListSearch({
  list,
  label,
  placeholder,
  testId,
}: {
  list: Pick<ListState<string>, 'search' | 'setSearch'>;
  label: string;
  placeholder: string;
  testId: string;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={list.search}
      onChange={(e) => list.setSearch(e.currentTarget.value)}
      maxLength={100}
      data-testid={testId}
      maw={400}
    />
  );
}
