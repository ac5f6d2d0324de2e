import { useState } from 'react';
import { Select } from '@mantine/core';

export type ListFilter<V extends string> = {
  /** the chosen value; null: no filter */
  value: V | null;
  set: (value: V | null) => void;
  options: { value: V; label: string }[];
};

/** The state of a list filter over `values` (none chosen at first). */
export function useListFilter<V extends string>(
  values: readonly V[],
  labelOf: (value: V) => string,
): ListFilter<V> {
  const [value, set] = useState<V | null>(null);
  return { value, set, options: values.map((v) => ({ value: v, label: labelOf(v) })) };
}

/** A clearable filter of a server-paged list: one of its options or, cleared, all of them. */
export function FilterSelect<V extends string>(props: {
  filter: ListFilter<V>;
  label: string;
  placeholder: string;
  w?: number;
  testId: string;
}) {
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      data={props.filter.options}
      value={props.filter.value}
      onChange={(v) => props.filter.set(v as V | null)}
      clearable
      w={props.w ?? 220}
      data-testid={props.testId}
    />
  );
}
