import { Text } from '@mantine/core';
import { CenteredLoader } from '../ui/CenteredLoader';
import { LoadError } from '../ui/LoadError';

type Status = { isPending: boolean; isError: boolean; isSuccess: boolean };

/** A server-paged list while its first page loads, when it failed, or when it has no rows (`empty`). */
export function ListStatus(props: { query: Status; loaded: number; empty: string; emptyTestId: string }) {
  return (
    <>
      {props.query.isPending && <CenteredLoader />}
      {props.query.isError && <LoadError />}
      {props.query.isSuccess && props.loaded === 0 && (
        <Text c="dimmed" data-testid={props.emptyTestId}>
          {props.empty}
        </Text>
      )}
    </>
  );
}
