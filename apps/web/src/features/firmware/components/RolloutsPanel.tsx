import { useEffect, useRef } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FirmwareRollout, FirmwareRolloutStatus } from '@hivescope/contract';
import { pauseReasonText } from '../rolloutText';
import { RolloutCard } from './RolloutCard';

/**
 * A roll-out that paused by itself while the page is open (a controller went silent or fell back) is also
 * announced by a notification, since the admin may be looking at another part of the page.
 */
function useAnnounceAutoPause(rollouts: FirmwareRollout[]) {
  const { t } = useTranslation('firmware');
  const seen = useRef<Map<number, FirmwareRolloutStatus> | null>(null);
  useEffect(() => {
    const before = seen.current;
    seen.current = new Map(rollouts.map((r) => [r.id, r.status]));
    if (!before) return; // the first read: the alerts show what is paused already
    for (const r of rollouts) {
      const automatic = r.pausedReason && r.pausedReason.kind !== 'manual';
      if (r.status === 'paused' && before.get(r.id) === 'running' && automatic)
        notifications.show({
          color: 'orange',
          title: t('rollout.pausedTitle', { version: r.version }),
          message: pauseReasonText(r, t),
          withCloseButton: true,
          autoClose: false,
        });
    }
  }, [rollouts, t]);
}

/** What is paused, in a visible alert each, with its reason (docs/firmware.md "Staged roll-out"). */
export function PausedAlerts({ rollouts }: { rollouts: FirmwareRollout[] }) {
  const { t } = useTranslation('firmware');
  useAnnounceAutoPause(rollouts);
  const paused = rollouts.filter((r) => r.status === 'paused');
  if (paused.length === 0) return null;
  return (
    <Stack gap="xs">
      {paused.map((r) => (
        <Alert
          key={r.id}
          color="orange"
          icon={<IconPlayerPause />}
          title={t('rollout.pausedTitle', { version: r.version })}
          data-testid={`firmware-paused-alert-${r.id}`}
        >
          {pauseReasonText(r, t)} {t('rollout.pausedHint')}
        </Alert>
      ))}
    </Stack>
  );
}

/** Every roll-out, the active ones first (the server's order). */
export function RolloutsPanel({ rollouts }: { rollouts: FirmwareRollout[] }) {
  const { t } = useTranslation('firmware');
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('rollout.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('rollout.intro')}
      </Text>
      {rollouts.length === 0 ? (
        <Text c="dimmed" data-testid="firmware-rollouts-empty">
          {t('rollout.none')}
        </Text>
      ) : (
        rollouts.map((r) => <RolloutCard key={r.id} rollout={r} />)
      )}
    </Stack>
  );
}
