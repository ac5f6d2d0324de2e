import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

type Props = {
  /** the accessible name: says what goes (e.g. "Delete: <name>"), as the icon alone does not */
  label: string;
  onClick: () => void;
  testId: string;
  /** shown on hover; none: no tooltip */
  tooltip?: string;
  loading?: boolean;
  size?: number;
};

/** The red trash-can button of a row that deletes or removes it (the caller asks for a confirmation if needed). */
export function DeleteIconButton({ label, onClick, testId, tooltip, loading, size = 18 }: Props) {
  const button = (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={label}
      onClick={onClick}
      loading={loading}
      data-testid={testId}
    >
      <IconTrash size={size} />
    </ActionIcon>
  );
  return tooltip === undefined ? (
    button
  ) : (
    <Tooltip label={tooltip} withArrow>
      {button}
    </Tooltip>
  );
}
