import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { IconRocket, IconTarget, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Firmware } from '@hivescope/contract';
import { useAssignFirmware, useStartRollout } from '../api';
import { firstStageSize } from '../selection';

type Props = {
  versions: Firmware[];
  /** the chosen controllers, in the table's order */
  chosen: number[];
  onDone: () => void;
};

const DEFAULT_PERCENT = 10;

/**
 * What the admin does with the chosen controllers: set (or clear) their desired version at once, or roll a
 * version out in two stages — the first `percent` % now, the rest when the admin continues (docs/firmware.md).
 */
export function SelectionActions({ versions, chosen, onDone }: Props) {
  const { t } = useTranslation('firmware');
  const assign = useAssignFirmware();
  const rollout = useStartRollout();
  const [picked, setPicked] = useState<string | null>(null);
  // a version deleted meanwhile is no longer a choice
  const version = versions.some((v) => v.version === picked) ? picked : null;
  const [percent, setPercent] = useState<number>(DEFAULT_PERCENT);
  const count = chosen.length;
  const first = firstStageSize(count, percent);
  const percentValid = Number.isInteger(percent) && percent >= 1 && percent <= 100;
  const hint = count === 0 ? t('assign.selectFirst') : version === null ? t('assign.chooseVersion') : null;

  const set = (next: string | null) =>
    assign.mutate({ version: next, controllerIds: chosen }, { onSuccess: onDone });
  const start = () =>
    version &&
    rollout.mutate({ version, controllerIds: chosen, firstStagePercent: percent }, { onSuccess: onDone });

  return (
    <Paper withBorder p="md" data-testid="firmware-actions">
      <Stack gap="sm">
        <Text fw={600} data-testid="firmware-chosen-count">
          {t('assign.chosen', { count })}
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('assign.version')}
            placeholder={t('assign.versionPlaceholder')}
            data={versions.map((v) => ({ value: v.version, label: v.version }))}
            value={version}
            onChange={setPicked}
            searchable
            w={200}
            data-testid="firmware-assign-version"
          />
          <Button
            leftSection={<IconTarget size={16} />}
            disabled={count === 0 || version === null}
            loading={assign.isPending && assign.variables.version !== null}
            onClick={() => set(version)}
            data-testid="firmware-assign"
          >
            {t('assign.set')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            disabled={count === 0}
            loading={assign.isPending && assign.variables.version === null}
            onClick={() => set(null)}
            data-testid="firmware-assign-clear"
          >
            {t('assign.clear')}
          </Button>
        </Group>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t('rollout.percent')}
            value={percent}
            onChange={(v) => setPercent(typeof v === 'number' ? v : Number(v))}
            min={1}
            max={100}
            step={5}
            allowDecimal={false}
            suffix=" %"
            error={percentValid ? undefined : t('errors:firmwarePercentInvalid')}
            w={200}
            data-testid="firmware-rollout-percent"
          />
          <Button
            color="orange"
            leftSection={<IconRocket size={16} />}
            disabled={count === 0 || version === null || !percentValid}
            loading={rollout.isPending}
            onClick={start}
            data-testid="firmware-rollout-start"
          >
            {t('rollout.start')}
          </Button>
        </Group>
        {hint ? (
          <Text size="sm" c="dimmed" data-testid="firmware-actions-hint">
            {hint}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" data-testid="firmware-rollout-preview">
            {t('rollout.preview', { first, rest: count - first, version })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
