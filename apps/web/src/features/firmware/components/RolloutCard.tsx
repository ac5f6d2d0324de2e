import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FirmwareRollout, FirmwareRolloutAction, FirmwareRolloutStatus } from '@hivescope/contract';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { formatDateTime, MISSING } from '../../../lib/format';
import { useRolloutAction } from '../api';
import { actionLabelKey, pauseReasonText, rolloutActions } from '../rolloutText';
import { RolloutMembers } from './RolloutMembers';
import { RolloutStages } from './RolloutStages';

const STATUS_COLOR: Record<FirmwareRolloutStatus, string> = {
  running: 'blue',
  paused: 'orange',
  completed: 'green',
  cancelled: 'gray',
};
const ACTION_VARIANT: Record<FirmwareRolloutAction, { variant: string; color?: string }> = {
  continue: { variant: 'filled' },
  pause: { variant: 'light', color: 'orange' },
  cancel: { variant: 'default' },
};

/** One roll-out: version, state, stages and counts, why it paused, its actions and (on demand) its controllers. */
export function RolloutCard({ rollout }: { rollout: FirmwareRollout }) {
  const { t, i18n } = useTranslation('firmware');
  const action = useRolloutAction();
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const active = rollout.status === 'running' || rollout.status === 'paused';
  const reason = pauseReasonText(rollout, t);
  const run = (a: FirmwareRolloutAction) =>
    action.mutate({ id: rollout.id, action: a }, { onSettled: () => setCancelling(false) });

  return (
    <Paper withBorder p="md" data-testid={`firmware-rollout-${rollout.id}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Text fw={700}>{t('rollout.heading', { version: rollout.version })}</Text>
            <Badge color={STATUS_COLOR[rollout.status]} data-testid={`firmware-rollout-status-${rollout.id}`}>
              {t(`rollout.status.${rollout.status}`)}
            </Badge>
            <Text size="sm" c="dimmed" data-testid={`firmware-rollout-stage-${rollout.id}`}>
              {t('rollout.atStage', { stage: rollout.stage, percent: rollout.firstStagePercent })}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('rollout.started', {
              date: formatDateTime(rollout.createdAt, i18n.language),
              by: rollout.createdBy ?? MISSING,
            })}
          </Text>
        </Group>
        {reason && rollout.status === 'paused' && (
          <Text c="orange.8" fw={600} data-testid={`firmware-rollout-reason-${rollout.id}`}>
            {reason}
          </Text>
        )}
        <RolloutStages rollout={rollout} />
        <Group gap="sm">
          {rolloutActions(rollout).map((a) => (
            <Button
              key={a}
              {...ACTION_VARIANT[a]}
              loading={action.isPending && action.variables.action === a}
              onClick={() => (a === 'cancel' ? setCancelling(true) : run(a))}
              data-testid={`firmware-rollout-${a}-${rollout.id}`}
            >
              {t(actionLabelKey(rollout, a))}
            </Button>
          ))}
          <Button
            variant="subtle"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            data-testid={`firmware-rollout-details-${rollout.id}`}
          >
            {t(open ? 'rollout.hideControllers' : 'rollout.showControllers')}
          </Button>
        </Group>
        {open && <RolloutMembers id={rollout.id} poll={active} />}
      </Stack>
      <ConfirmModal
        opened={cancelling}
        title={t('rollout.cancelTitle', { version: rollout.version })}
        text={t('rollout.cancelText')}
        confirmLabel={t('rollout.cancel')}
        cancelLabel={t('rollout.keep')}
        loading={action.isPending}
        onClose={() => setCancelling(false)}
        onConfirm={() => run('cancel')}
        testId={`firmware-rollout-cancel-confirm-${rollout.id}`}
      />
    </Paper>
  );
}
