import { Box, Progress, Table, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FirmwareRollout, FirmwareRolloutCounts } from '@hivescope/contract';

const COUNTS = ['total', 'updated', 'pending', 'failed', 'waiting'] as const;

/** One bar per stage: updated (green), failed (red), pending (blue) of its controllers; waiting stays empty. */
function StageBar({ counts }: { counts: FirmwareRolloutCounts }) {
  const { t } = useTranslation('firmware');
  const share = (n: number) => (counts.total === 0 ? 0 : (n / counts.total) * 100);
  const label = t('rollout.countsText', counts);
  return (
    <Tooltip label={label} withArrow>
      {/* one picture with the counts as its name: the sections are separate progress bars without names */}
      <Box role="img" aria-label={label} miw={120}>
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={share(counts.updated)} color="green" />
          <Progress.Section value={share(counts.failed)} color="red" />
          <Progress.Section value={share(counts.pending)} color="blue" />
        </Progress.Root>
      </Box>
    </Tooltip>
  );
}

/** The stages of a roll-out with their counts, and the whole roll-out's as the last row. */
export function RolloutStages({ rollout }: { rollout: FirmwareRollout }) {
  const { t } = useTranslation('firmware');
  const rows = [
    ...rollout.stages.map((s) => ({
      key: `stage-${s.stage}`,
      label: t('rollout.stage', { stage: s.stage }),
      counts: s,
    })),
    { key: 'all', label: t('rollout.allStages'), counts: rollout.counts },
  ];
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table withTableBorder data-testid={`firmware-rollout-stages-${rollout.id}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rollout.columns.stage')}</Table.Th>
            {COUNTS.map((c) => (
              <Table.Th key={c}>{t(`rollout.columns.${c}`)}</Table.Th>
            ))}
            <Table.Th>{t('rollout.columns.progress')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid={`firmware-rollout-${rollout.id}-${row.key}`}>
              <Table.Td fw={row.key === 'all' ? 600 : undefined}>{row.label}</Table.Td>
              {COUNTS.map((c) => (
                <Table.Td key={c} data-testid={`firmware-rollout-${rollout.id}-${row.key}-${c}`}>
                  {row.counts[c]}
                </Table.Td>
              ))}
              <Table.Td>
                <StageBar counts={row.counts} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
