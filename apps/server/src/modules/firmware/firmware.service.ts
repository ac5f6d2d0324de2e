import type {
  Firmware,
  FirmwareControllerRow,
  FirmwareControllersQuery,
  FirmwareList,
  FirmwareMemberState,
  FirmwareRolloutStatus,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import {
  controllersState,
  deleteImage,
  findImage,
  imageUse,
  listFirmwareControllers,
  listImages,
  lockImage,
  setDesired,
  type FirmwareControllerDbRow,
  type ImageRow,
} from './firmware.repository';

/** A timestamp as the API shows it (pg gives a Date or, through drizzle's execute, a string). */
const iso = (v: Date | string) => new Date(v).toISOString();

/** Firmware images and the controllers' desired version (docs/firmware.md). */

const toFirmware = (r: ImageRow): Firmware => ({
  version: r.version,
  name: r.name,
  size: r.size,
  sha256: r.sha256,
  uploadedAt: iso(r.uploadedAt),
  running: r.running,
  wanted: r.wanted,
});

export async function listFirmware(ctx: AppContext): Promise<FirmwareList> {
  return { maxBytes: ctx.config.firmwareMaxBytes, items: (await listImages(ctx.db)).map(toFirmware) };
}

export async function getFirmware(ctx: AppContext, version: string): Promise<Firmware> {
  const row = await findImage(ctx.db, version);
  if (!row) throw new AppError(404, 'errors:firmwareNotFound', { version });
  return toFirmware(row);
}

/** Deletes a version no controller wants and no active roll-out uses (409 otherwise; 404 unknown). */
export async function deleteFirmware(ctx: AppContext, version: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockImage(tx, version, true)))
      throw new AppError(404, 'errors:firmwareNotFound', { version });
    const use = await imageUse(tx, version);
    if (use.rollouts > 0) throw new AppError(409, 'errors:firmwareInRollout', { version });
    if (use.wanted > 0) throw new AppError(409, 'errors:firmwareWanted', { version, count: use.wanted });
    await deleteImage(tx, version);
  });
}

/**
 * Every controller in `ids` should install `version` (null: no desired version, no offer). Every id must
 * exist (404) and none may be in an active roll-out, which owns their desired version (409). All or nothing.
 */
export async function assignFirmware(
  ctx: AppContext,
  version: string | null,
  ids: number[],
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    if (version !== null && !(await lockImage(tx, version, false)))
      throw new AppError(404, 'errors:firmwareNotFound', { version });
    const state = await controllersState(tx, ids);
    if (state.found !== ids.length) throw new AppError(404, 'errors:firmwareControllersNotFound');
    if (state.inRollout > 0)
      throw new AppError(409, 'errors:firmwareControllerInRollout', { count: state.inRollout });
    return setDesired(tx, ids, version);
  });
}

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

function toControllerRow(r: FirmwareControllerDbRow): FirmwareControllerRow {
  return {
    id: r.id,
    name: r.name,
    currentVersion: r.currentVersion,
    desiredVersion: r.desiredVersion,
    region: ref(r.regionId, r.regionName),
    secondaryRegion: ref(r.secondaryRegionId, r.secondaryRegionName),
    affiliation: ref(r.affiliationId, r.affiliationName),
    updateInterval: r.updateInterval,
    lastUpdate: r.lastUpdate ? iso(r.lastUpdate) : null,
    rollout:
      r.rolloutId !== null && r.rolloutVersion !== null
        ? {
            id: r.rolloutId,
            version: r.rolloutVersion,
            status: r.rolloutStatus as FirmwareRolloutStatus,
            state: r.memberState as FirmwareMemberState,
          }
        : null,
  };
}

export async function firmwareControllers(
  ctx: AppContext,
  query: FirmwareControllersQuery,
): Promise<FirmwareControllerRow[]> {
  return (await listFirmwareControllers(ctx.db, query)).map(toControllerRow);
}
