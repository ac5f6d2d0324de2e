import type { ReactNode } from 'react';
import { Table, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShopCodeListSort, ShopCodeStatus } from '@hivescope/contract';
import { SortableTh } from '../../../../components/list/SortableTh';
import type { ListState } from '../../../../components/list/useListState';
import { CodeStatusBadge } from './shared';

export type CodeRow = { id: number; code: string; status: ShopCodeStatus; createdAt: string };
export type OpenedCode = Pick<CodeRow, 'id' | 'code'>;
/** A column between the code and its status. */
export type CodeColumn<T> = { header: string; cell: (row: T) => ReactNode };

/**
 * The table of a code tab: the code (a button that opens it), the kind's columns, status and creation day;
 * sorted by code or creation. Test ids start with `prefix`.
 */
export function CodeTable<T extends CodeRow>(props: {
  prefix: string;
  rows: T[];
  list: ListState<ShopCodeListSort>;
  columns: CodeColumn<T>[];
  minWidth: number;
  onOpen: (code: OpenedCode) => void;
}) {
  const { t, i18n } = useTranslation('shop-admin');
  const { prefix, list } = props;
  return (
    <Table.ScrollContainer minWidth={props.minWidth}>
      <Table striped highlightOnHover data-testid={`${prefix}-table`}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="code" list={list} testId={prefix}>
              {t('codes.ui.code')}
            </SortableTh>
            {props.columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
            <Table.Th>{t('codes.ui.status')}</Table.Th>
            <SortableTh column="createdAt" list={list} testId={prefix}>
              {t('codes.ui.createdAt')}
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((c) => (
            <Table.Tr key={c.id} data-testid={`${prefix}-row-${c.code}`}>
              <Table.Td>
                <UnstyledButton
                  onClick={() => props.onOpen({ id: c.id, code: c.code })}
                  aria-label={t('codes.ui.open', { code: c.code })}
                  c="blue"
                  ff="monospace"
                  data-testid={`${prefix}-open-${c.code}`}
                >
                  {c.code}
                </UnstyledButton>
              </Table.Td>
              {props.columns.map((col) => (
                <Table.Td key={col.header}>{col.cell(c)}</Table.Td>
              ))}
              <Table.Td>
                <CodeStatusBadge status={c.status} />
              </Table.Td>
              <Table.Td>{new Date(c.createdAt).toLocaleDateString(i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
