import { useMemo, useState } from 'react';
import { Box, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatKg } from '../../../lib/format';
import { cellColor, scaleMax } from '../colors';

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
  testId: string;
};

const CELL_H = 14;

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
function ValueTable({ rows, columns, values, caption, locale }: HeatMapProps & { locale: string }) {
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
 * A grid of coloured cells (SVG, one rect per value, stretched to the width) with row labels, column ticks,
 * a legend and a table view of the same values. Each cell carries its row, column and value as a title.
 */
export function HeatMap(props: HeatMapProps) {
  const { t, i18n } = useTranslation('analysis');
  const [asTable, setAsTable] = useState(false);
  const { rows, columns, values, ticks, caption, testId } = props;
  const max = useMemo(() => scaleMax(values.flat()), [values]);
  const cols = Math.max(1, columns.length);
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
        <Group gap={4} align="flex-start" wrap="nowrap">
          <Stack gap={0} style={{ flex: 'none' }} aria-hidden>
            {rows.map((r) => (
              <Text key={r} size="xs" h={CELL_H} lh={`${CELL_H}px`} truncate maw={160}>
                {r}
              </Text>
            ))}
          </Stack>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <svg
              role="img"
              aria-label={caption}
              width="100%"
              height={rows.length * CELL_H}
              viewBox={`0 0 ${cols} ${rows.length}`}
              preserveAspectRatio="none"
              style={{ display: 'block', background: 'var(--mantine-color-gray-1)' }}
            >
              {values.map((row, i) =>
                row.map((kg, j) =>
                  kg === null ? null : (
                    <rect
                      key={`${i}-${j}`}
                      x={j}
                      y={i}
                      width={1}
                      height={1}
                      fill={cellColor(kg, max)}
                      data-testid="heatmap-cell"
                    >
                      <title>{`${rows[i]} · ${columns[j]}: ${formatKg(kg, i18n.language, true)}`}</title>
                    </rect>
                  ),
                ),
              )}
            </svg>
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
      )}
    </Stack>
  );
}
