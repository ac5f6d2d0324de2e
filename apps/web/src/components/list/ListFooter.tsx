import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Paged = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** How many rows are loaded, and "Load more" while the server has another page. */
export function ListFooter({ loaded, list, testId }: { loaded: number; list: Paged; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid={`${testId}-count`} data-count={loaded}>
        {t(list.hasNextPage ? 'list.loadedMore' : 'list.loaded', { count: loaded })}
      </Text>
      {list.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          data-testid={`${testId}-more`}
        >
          {t('list.loadMore')}
        </Button>
      )}
    </Group>
  );
}
