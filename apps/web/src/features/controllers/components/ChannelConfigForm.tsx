import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOAD_CELL_GROUP_SIZES, MAX_LOAD_CELLS, type Controller } from '@hivescope/contract';
import { saveController, useControllerMutation } from '../api';
import {
  GROUP_LETTERS,
  configProblems,
  configToRows,
  hasProblems,
  rowsLoadCells,
  rowsToConfig,
  type ChannelConfigRow,
  type ChannelKind,
  type GroupLetter,
} from '../channelConfigRows';

const KINDS: ChannelKind[] = ['none', 'weight', 'sensor'];
const NO_GROUP = '-';

/** Load-cell configuration (channels, cell groups, combined channels), checked with the contract's rules. */
export function ChannelConfigForm({ controller }: { controller: Controller }) {
  const { t } = useTranslation(['controllers-settings', 'errors']);
  const [rows, setRows] = useState(() => configToRows(controller.channelConfig));
  const [touched, setTouched] = useState(false);
  const problems = configProblems(rows);
  const mutation = useControllerMutation(() =>
    saveController(controller.id, { channelConfig: rowsToConfig(rows) }),
  );

  const update = (channel: number, change: Partial<ChannelConfigRow>) => {
    setTouched(true);
    setRows((current) => current.map((r) => (r.channel === channel ? { ...r, ...change } : r)));
  };

  return (
    <Stack gap="sm" data-testid={`channel-config-${controller.id}`}>
      <Title order={4}>{t('channelConfig.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('channelConfig.help')}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4}>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.channel} data-testid={`channel-config-row-${row.channel}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {t('channels.channel', { channel: row.channel })}
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`${t('channelConfig.kind')} ${row.channel}`}
                    data={KINDS.map((k) => ({ value: k, label: t(`channelConfig.kinds.${k}`) }))}
                    value={row.kind}
                    onChange={(v) => v && update(row.channel, { kind: v as ChannelKind })}
                    allowDeselect={false}
                    data-testid={`channel-kind-${row.channel}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`${t('channelConfig.cells')} ${row.channel}`}
                    data={LOAD_CELL_GROUP_SIZES.map((n) => String(n))}
                    value={String(row.cells)}
                    onChange={(v) =>
                      v && update(row.channel, { cells: Number(v) as ChannelConfigRow['cells'] })
                    }
                    disabled={row.kind !== 'weight'}
                    allowDeselect={false}
                    data-testid={`channel-cells-${row.channel}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`${t('channelConfig.group')} ${row.channel}`}
                    data={[
                      { value: NO_GROUP, label: t('channelConfig.noGroup') },
                      ...GROUP_LETTERS.map((g) => ({ value: g, label: g })),
                    ]}
                    value={row.group ?? NO_GROUP}
                    onChange={(v) =>
                      update(row.channel, { group: !v || v === NO_GROUP ? null : (v as GroupLetter) })
                    }
                    disabled={row.kind !== 'weight'}
                    allowDeselect={false}
                    error={
                      problems.byChannel.has(row.channel)
                        ? t(problems.byChannel.get(row.channel) ?? '')
                        : undefined
                    }
                    data-testid={`channel-group-${row.channel}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {problems.general.map((message) => (
        <Alert key={message} color="red" data-testid="channel-config-error">
          {t(message)}
        </Alert>
      ))}
      <Group justify="space-between">
        <Text size="sm" data-testid="load-cell-count">
          {t('channelConfig.count', { count: rowsLoadCells(rows), max: MAX_LOAD_CELLS })}
        </Text>
        <Button
          onClick={() => mutation.mutate(undefined, { onSuccess: () => setTouched(false) })}
          disabled={!touched || hasProblems(problems)}
          loading={mutation.isPending}
          data-testid="save-channel-config"
        >
          {t('channelConfig.save')}
        </Button>
      </Group>
    </Stack>
  );
}
