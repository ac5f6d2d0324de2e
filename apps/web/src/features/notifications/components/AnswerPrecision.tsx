import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { useAlarmPrecision } from '../answers';

/** The beekeepers' answers per alarm type: answered yes, answered no, precision = yes ÷ answered. */
export function AnswerPrecision() {
  const { t, i18n } = useTranslation('notifications');
  const precision = useAlarmPrecision();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Stack gap="xs" data-testid="answer-precision">
      <Title order={2} size="h4">
        {t('precision.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('precision.intro')}
      </Text>
      {precision.isPending && <CenteredLoader />}
      {precision.isError && <LoadError />}
      {precision.data && (
        <Table withTableBorder maw={640} data-testid="answer-precision-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('precision.type')}</Table.Th>
              <Table.Th ta="right">{t('precision.yes')}</Table.Th>
              <Table.Th ta="right">{t('precision.no')}</Table.Th>
              <Table.Th ta="right">{t('precision.precision')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {precision.data.map((row) => (
              <Table.Tr key={row.type} data-testid={`precision-${row.type}`}>
                <Table.Td>{t(`events.types.${row.type}`)}</Table.Td>
                <Table.Td ta="right" data-testid="precision-yes">
                  {row.yes}
                </Table.Td>
                <Table.Td ta="right" data-testid="precision-no">
                  {row.no}
                </Table.Td>
                <Table.Td ta="right" data-testid="precision-value">
                  {row.precision === null ? t('precision.noAnswers') : percent.format(row.precision)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
