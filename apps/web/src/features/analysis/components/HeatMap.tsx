import { useId, useMemo, useState } from 'react';
import { Box, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatKg } from '../../../lib/format';
import { cellColor, scaleMax } from '../colors';
import { CELL_H, HeatGrid } from './HeatGrid';

export type HeatMapProps = {
  /** row labels, top to bottom */
  rows: string[];
  /** column labels, left to right (days or hours) */
  columns: string[];
  /** values[row][column] in kg, null: unknown */
  values: (number | null)[][];
  /** labels shown under the grid (index → text); the rest stay unlabelled */
  ticks: { index: number; label: string }[];
  /** what the grid shows, for screen readers and the table's caption */
  caption: string;
  /** where a cell leads: the timeline showing that scale around that day */
  cellLink: (row: number, column: number) => string;
  testId: string;
};

function Legend({ max, locale }: { max: number; locale: string }) {
  const { t } = useTranslation('analysis');
  return (
    <Group gap="xs" data-testid="heatmap-legend" wrap="nowrap">
      <Text size="xs">{formatKg(-max, locale, true)}</Text>
      <Box
        aria-hidden
        w={160}
        h={10}
        style={{
          background: `linear-gradient(to right, ${cellColor(-max, max)}, ${cellColor(0, max)}, ${cellColor(max, max)})`,
          border: '1px solid var(--mantine-color-gray-4)',
        }}
      />
      <Text size="xs">{formatKg(max, locale, true)}</Text>
      <Text size="xs" c="dimmed">
        {t('legendNote')}
      </Text>
    </Group>
  );
}

/** The accessible alternative to the grid: every value in a plain table. */
function ValueTable({
  rows,
  columns,
  values,
  caption,
  locale,
}: Omit<HeatMapProps, 'cellLink'> & { locale: string }) {
  return (
    <ScrollArea>
      <Table striped withTableBorder data-testid="heatmap-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r}>
              <Table.Th scope="row">{r}</Table.Th>
              {columns.map((c, j) => (
                <Table.Td key={c}>{formatKg(values[i]?.[j] ?? null, locale, true)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/**
 * A grid of coloured cells (HeatGrid: one link per known value, to the timeline around its day) with row
 * labels, column ticks, a legend and a table view of the same values. Each cell carries its row, column and
 * value as its name.
 */
export function HeatMap(props: HeatMapProps) {
  const { t, i18n } = useTranslation('analysis');
  const [asTable, setAsTable] = useState(false);
  const hintId = useId();
  const { rows, columns, values, ticks, caption, cellLink, testId } = props;
  const max = useMemo(() => scaleMax(values.flat()), [values]);
  const cols = Math.max(1, columns.length);
  const label = (i: number, j: number) =>
    t('cellLink', {
      cell: `${rows[i]} · ${columns[j]}: ${formatKg(values[i]?.[j] ?? null, i18n.language, true)}`,
    });
  return (
    <Stack gap="xs" data-testid={testId}>
      <Group justify="space-between">
        <Legend max={max} locale={i18n.language} />
        <Button
          variant="subtle"
          size="xs"
          onClick={() => setAsTable(!asTable)}
          data-testid="heatmap-as-table"
        >
          {asTable ? t('showGrid') : t('showTable')}
        </Button>
      </Group>
      {asTable ? (
        <ValueTable {...props} locale={i18n.language} />
      ) : (
        <>
          <Text size="xs" c="dimmed" id={hintId}>
            {t('cellHint')}
          </Text>
          <Group gap={4} align="flex-start" wrap="nowrap">
            <Stack gap={0} style={{ flex: 'none' }} aria-hidden>
              {rows.map((r) => (
                <Text key={r} size="xs" h={CELL_H} lh={`${CELL_H}px`} truncate maw={160}>
                  {r}
                </Text>
              ))}
            </Stack>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <HeatGrid
                values={values}
                cols={cols}
                max={max}
                caption={caption}
                hintId={hintId}
                label={label}
                link={cellLink}
              />
              <Box pos="relative" h={16} aria-hidden>
                {ticks.map((tick) => (
                  <Text
                    key={tick.index}
                    size="xs"
                    pos="absolute"
                    style={{ left: `${(tick.index / cols) * 100}%`, whiteSpace: 'nowrap' }}
                  >
                    {tick.label}
                  </Text>
                ))}
              </Box>
            </Box>
          </Group>
        </>
      )}
    </Stack>
  );
}
