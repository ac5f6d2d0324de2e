import { Divider, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RenewalCodeDetail } from '@hivescope/contract';

/** Each redemption of the code: when, which transmitter, by whom, its subscription end before and after. */
function RedemptionTable({ code }: { code: RenewalCodeDetail }) {
  const { t, i18n } = useTranslation('shop-admin');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  if (code.redemptionLog.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="code-redemptions-none">
        {t('codes.ui.noRedemptions')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table data-testid="code-redemptions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('codes.ui.when')}</Table.Th>
            <Table.Th>{t('codes.ui.transmitter')}</Table.Th>
            <Table.Th>{t('codes.ui.by')}</Table.Th>
            <Table.Th>{t('codes.ui.endsBefore')}</Table.Th>
            <Table.Th>{t('codes.ui.endsAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {code.redemptionLog.map((r) => (
            <Table.Tr key={r.id} data-testid="code-redemption">
              <Table.Td>{new Date(r.createdAt).toLocaleString(i18n.language)}</Table.Td>
              <Table.Td>
                {r.controllerName ?? t('codes.ui.deletedTransmitter')}
                {r.controllerId !== null && ` (${r.controllerId})`}
              </Table.Td>
              <Table.Td>{r.userEmail ?? '–'}</Table.Td>
              <Table.Td>{date(r.endsBefore)}</Table.Td>
              <Table.Td>{date(r.endsAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The renewal code panel's section of redemptions. */
export function Redemptions({ code }: { code: RenewalCodeDetail }) {
  const { t } = useTranslation('shop-admin');
  return (
    <>
      <Divider />
      <Title order={4}>{t('codes.ui.redemptions')}</Title>
      <RedemptionTable code={code} />
    </>
  );
}
