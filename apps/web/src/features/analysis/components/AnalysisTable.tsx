import { ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScaleAnalysis } from '@hivescope/contract';
import { formatKg, MISSING } from '../../../lib/format';
import { formatDay } from '../format';

/** Per scale: net gain, days of flow, best day, winter consumption, weight at start and end. */
export function AnalysisTable({
  rows,
  label,
}: {
  rows: ScaleAnalysis[];
  label: (idscale: number) => string;
}) {
  const { t, i18n } = useTranslation('analysis');
  const kg = (v: number | null, signed = false) => formatKg(v, i18n.language, signed);
  return (
    <ScrollArea>
      <Table striped withTableBorder data-testid="analysis-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scale')}</Table.Th>
            <Table.Th>{t('netGain')}</Table.Th>
            <Table.Th>{t('flowDays')}</Table.Th>
            <Table.Th>{t('bestDay')}</Table.Th>
            <Table.Th>{t('winterConsumption')}</Table.Th>
            <Table.Th>{t('startWeight')}</Table.Th>
            <Table.Th>{t('endWeight')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.idscale} data-testid={`analysis-row-${r.idscale}`}>
              <Table.Th scope="row">{label(r.idscale)}</Table.Th>
              <Table.Td data-testid="analysis-net-gain">{kg(r.netGain, true)}</Table.Td>
              <Table.Td data-testid="analysis-flow-days">{r.flowDays}</Table.Td>
              <Table.Td data-testid="analysis-best-day">
                {r.bestDay
                  ? `${formatDay(r.bestDay.date, i18n.language)} (${kg(r.bestDay.kg, true)})`
                  : MISSING}
              </Table.Td>
              <Table.Td data-testid="analysis-winter">{kg(r.winterConsumption)}</Table.Td>
              <Table.Td data-testid="analysis-start">{kg(r.startWeight)}</Table.Td>
              <Table.Td data-testid="analysis-end">{kg(r.endWeight)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
