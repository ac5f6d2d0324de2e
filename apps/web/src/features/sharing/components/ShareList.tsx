import { useState } from 'react';
import { Badge, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHARE_TYPES, type Share, type ShareListSort } from '@hivescope/contract';
import { FilterSelect, useListFilter } from '../../../components/list/FilterSelect';
import { ListFooter } from '../../../components/list/ListFooter';
import { ListHeader } from '../../../components/list/ListHeader';
import { ListStatus } from '../../../components/list/ListStatus';
import { SortableTh } from '../../../components/list/SortableTh';
import { listParams, useListState } from '../../../components/list/useListState';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { DeleteIconButton } from '../../../components/ui/DeleteIconButton';
import { formatDate, formatDateTime } from '../../../lib/format';
import { deleteShare, useShareMutation, useShares } from '../api';

function TimeFrame({ share }: { share: Share }) {
  const { t, i18n } = useTranslation('sharing');
  if (share.type === 'live') return <>{t('lastDays', { days: share.days })}</>;
  if (share.type === 'yearToDate') return <>{t('sinceJanuary')}</>;
  const iso = (s: number | null) => (s === null ? null : new Date(s * 1000).toISOString());
  // the stored end is exclusive (next midnight): show the last day included
  const end = share.xmax === null ? null : share.xmax - 1;
  return (
    <>
      {formatDate(iso(share.xmin), i18n.language)} – {formatDate(iso(end), i18n.language)}
    </>
  );
}

/**
 * The caller's shares, paged, searched (description, scales' names), filtered by type and sorted on the
 * server (docs/api-conventions.md "Lists and pagination"), newest first: type (and whether the public map
 * links it), description, issue date, time frame, kind; delete after a confirmation.
 */
export function ShareList() {
  const { t, i18n } = useTranslation('sharing');
  const list = useListState<ShareListSort>('createdAt', 'desc');
  const type = useListFilter(SHARE_TYPES, (v) => t(`types.${v}`));
  const { query, rows } = useShares({ ...listParams(list), ...(type.value ? { type: type.value } : {}) });
  const remove = useShareMutation(deleteShare);
  const [confirm, setConfirm] = useState<Share | null>(null);

  return (
    <Stack>
      <ListHeader
        list={list}
        search={{ label: t('filter'), placeholder: t('filterPlaceholder'), testId: 'shares-filter' }}
        align="flex-end"
      >
        <FilterSelect
          filter={type}
          label={t('columns.type')}
          placeholder={t('allTypes')}
          testId="shares-type"
        />
      </ListHeader>
      <ListStatus query={query} loaded={rows.length} empty={t('empty')} emptyTestId="shares-empty" />
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="shares-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.type')}</Table.Th>
                <SortableTh column="description" list={list} testId="shares">
                  {t('columns.description')}
                </SortableTh>
                <Table.Th>{t('columns.scales')}</Table.Th>
                <SortableTh column="createdAt" list={list} testId="shares">
                  {t('columns.issued')}
                </SortableTh>
                <Table.Th>{t('columns.timeFrame')}</Table.Th>
                <Table.Th>{t('columns.kind')}</Table.Th>
                <Table.Th>{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((share) => (
                <Table.Tr key={share.id} data-testid={`share-row-${share.id}`}>
                  <Table.Td>
                    {t(`types.${share.type}`)}
                    {share.publicOnMap && (
                      <Badge variant="light" size="sm" ml={6} data-testid="share-on-map">
                        {t('onMap')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{share.description}</Table.Td>
                  <Table.Td>{share.scales.map((s) => s.name).join(', ')}</Table.Td>
                  <Table.Td>{formatDateTime(share.issuedAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <TimeFrame share={share} />
                  </Table.Td>
                  <Table.Td>{t(`kinds.${share.kind}`)}</Table.Td>
                  <Table.Td>
                    <DeleteIconButton
                      tooltip={t('delete')}
                      label={`${t('delete')}: ${share.description || t(`types.${share.type}`)}`}
                      onClick={() => setConfirm(share)}
                      testId={`share-delete-${share.id}`}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListFooter loaded={rows.length} list={query} testId="shares" />
      <ConfirmModal
        opened={confirm !== null}
        title={t('confirmTitle')}
        text={t('confirmText')}
        confirmLabel={t('confirm')}
        cancelLabel={t('form.cancel')}
        loading={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && remove.mutate(confirm.id, { onSuccess: () => setConfirm(null) })}
        testId="share-delete-confirm"
      />
    </Stack>
  );
}
