import { Divider, Stack } from '@mantine/core';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { useFirmwareVersions, useRollouts } from '../api';
import { ControllersSection } from './ControllersSection';
import { PausedAlerts, RolloutsPanel } from './RolloutsPanel';
import { UploadForm } from './UploadForm';
import { VersionsTable } from './VersionsTable';

/**
 * The firmware administration (docs/firmware.md "Web"), the same on /a/firmware and in Settings → Firmware:
 * paused roll-outs first, then upload, the versions, the controllers with their versions, and the roll-outs.
 */
export function FirmwareManager() {
  const versions = useFirmwareVersions();
  const rollouts = useRollouts();
  const active = Boolean(rollouts.data?.some((r) => r.status === 'running' || r.status === 'paused'));

  if (versions.isPending) return <CenteredLoader />;
  if (versions.isError) return <LoadError />;
  return (
    <Stack gap="lg" data-testid="firmware-manager">
      {rollouts.data && <PausedAlerts rollouts={rollouts.data} />}
      <UploadForm maxBytes={versions.data.maxBytes} />
      <VersionsTable items={versions.data.items} />
      <Divider />
      <ControllersSection versions={versions.data.items} poll={active} />
      <Divider />
      {rollouts.isError && <LoadError />}
      {rollouts.data && <RolloutsPanel rollouts={rollouts.data} />}
    </Stack>
  );
}
