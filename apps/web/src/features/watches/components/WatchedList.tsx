import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { DeleteIconButton } from '../../../components/ui/DeleteIconButton';
import { LoadError } from '../../../components/ui/LoadError';
import { useRemoveWatch, useWatches } from '../api';
import { formatWatchCode } from '../watchCode';

/** The controllers the user watches (read-only) with a button to stop watching each. */
export function WatchedList() {
  const { t, i18n } = useTranslation('watches');
  const watches = useWatches();
  const remove = useRemoveWatch();

  if (watches.isPending) return <CenteredLoader />;
  if (watches.isError) return <LoadError />;
  if (watches.data.length === 0) {
    return (
      <Text c="dimmed" data-testid="watches-empty">
        {t('none')}
      </Text>
    );
  }
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped data-testid="watches-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('controller')}</Table.Th>
            <Table.Th>{t('owner')}</Table.Th>
            <Table.Th>{t('code')}</Table.Th>
            <Table.Th>{t('since')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('remove')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {watches.data.map((watch) => (
            <Table.Tr key={watch.code} data-testid={`watch-row-${watch.code}`}>
              <Table.Td>{watch.controllerName}</Table.Td>
              <Table.Td>{watch.owner?.email ?? '–'}</Table.Td>
              <Table.Td ff="monospace">{formatWatchCode(watch.code)}</Table.Td>
              <Table.Td>{date.format(new Date(watch.createdAt))}</Table.Td>
              <Table.Td>
                <DeleteIconButton
                  tooltip={t('remove')}
                  label={t('removeFor', { name: watch.controllerName })}
                  onClick={() => remove.mutate(watch.code)}
                  loading={remove.isPending && remove.variables === watch.code}
                  testId={`remove-watch-${watch.code}`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
