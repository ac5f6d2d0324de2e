import { useState, type ReactNode } from 'react';
import { Button, Drawer, Modal, Stack, Text } from '@mantine/core';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShopCodeListSort } from '@hivescope/contract';
import { ListFooter } from '../../../../components/list/ListFooter';
import { ListHeader } from '../../../../components/list/ListHeader';
import type { ListState } from '../../../../components/list/useListState';
import { CenteredLoader } from '../../../../components/ui/CenteredLoader';
import { LoadError } from '../../../../components/ui/LoadError';
import { CodeTable, type CodeColumn, type CodeRow, type OpenedCode } from './CodeTable';

/**
 * A code tab (docs/shop.md "Codes"): search, the sorted table with "Load more", a new code in a dialog
 * (opened in the drawer once created), one code in a drawer. Test ids start with `prefix`.
 */
export function CodeList<T extends CodeRow>(props: {
  testId: string;
  prefix: string;
  list: ListState<ShopCodeListSort>;
  paged: { query: UseInfiniteQueryResult; rows: T[] };
  texts: { filterPlaceholder: string; newCode: string };
  columns: CodeColumn<T>[];
  minWidth: number;
  drawerSize: 'lg' | 'xl';
  createForm: (onCreated: (created: OpenedCode) => void) => ReactNode;
  panel: (id: number) => ReactNode;
}) {
  const { t } = useTranslation('shop-admin');
  const { prefix, list } = props;
  const { query, rows } = props.paged;
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<OpenedCode | null>(null);
  const created = (code: OpenedCode) => {
    setCreating(false);
    setOpen(code);
  };

  return (
    <Stack data-testid={props.testId}>
      <ListHeader
        list={list}
        search={{
          label: t('codes.ui.filter'),
          placeholder: props.texts.filterPlaceholder,
          testId: `${prefix}-filter`,
        }}
        align="flex-end"
        justify="space-between"
      >
        <Button onClick={() => setCreating(true)} data-testid={`${prefix}-new`}>
          {props.texts.newCode}
        </Button>
      </ListHeader>
      {query.isError && <LoadError />}
      <CodeTable
        prefix={prefix}
        rows={rows}
        list={list}
        columns={props.columns}
        minWidth={props.minWidth}
        onOpen={setOpen}
      />
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-testid={`${prefix}-empty`}>
          {t('codes.ui.none')}
        </Text>
      )}
      {query.isPending && <CenteredLoader />}
      <ListFooter loaded={rows.length} list={query} testId={prefix} />
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={props.texts.newCode}
        data-testid={`${prefix}-create`}
      >
        {creating && props.createForm(created)}
      </Modal>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size={props.drawerSize}
        title={open ? t('codes.ui.detailTitle', { code: open.code }) : ''}
        data-testid="code-drawer"
      >
        {open && props.panel(open.id)}
      </Drawer>
    </Stack>
  );
}
