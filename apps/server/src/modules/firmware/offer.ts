import { DEVICE_FIRMWARE_PATH, type DeviceConfig } from '@hivescope/contract';

/** What the offer and the download read of a controller (device.repository.ts `DeviceController`). */
export type FirmwareStanding = {
  desiredFirmware: string | null;
  desiredImage: { sha256: string; size: number } | null;
};

/**
 * The one rule of what a controller may download (docs/device-protocol.md §3): its desired version. The
 * report answer offers only through `firmwareOffer`, which asks this rule, so an offer is never answered 403.
 */
export function mayDownload(controller: FirmwareStanding, version: string): boolean {
  return controller.desiredFirmware === version;
}

/**
 * The firmware of a report answer: the desired version when the controller may download it, an image of it is
 * stored (the transmitter needs its checksum and size) and it is not the version the controller runs.
 */
export function firmwareOffer(
  controller: FirmwareStanding,
  reported: string | null,
  publicUrl: string,
): DeviceConfig['firmware'] {
  const version = controller.desiredFirmware;
  const image = controller.desiredImage;
  if (version === null || !image || version === reported || !mayDownload(controller, version)) return null;
  return {
    version,
    url: `${publicUrl}${DEVICE_FIRMWARE_PATH}/${encodeURIComponent(version)}`,
    sha256: image.sha256,
    size: image.size,
  };
}
