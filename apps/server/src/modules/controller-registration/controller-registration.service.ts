import type { Controller, ControllerRegistration } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import {
  deleteControllerWatches,
  updateControllerRow,
  type NewController,
} from '../controllers/controllers.repository';
import { getController, ownerValues } from '../controllers/controllers.service';
import { assignControllerRegions } from '../regions/regions.service';
import { countingFailures } from '../controllers/guess-limit';
import { newWatchCode } from '../controllers/watch-code';
import { archiveLiveScales, insertScale } from '../scales/scales.repository';
import { completeTransmitterRegistration, lockControllerByImsi } from './controller-registration.repository';

/**
 * POST registration/controller: the caller becomes the owner of the controller with this IMSI + IMEI.
 * The IMEI must be known already (entered by an admin or learned from the device's first report): the IMSI
 * alone is no secret, so a claim never writes the IMEI (docs/decisions.md "Claiming a transmitter").
 * Unknown IMSI and IMEI not known yet → the same 404 transmitterNotReady; IMEI not matching → 400
 * invalidImsiImei; already owned (by anyone) → 400 transmitterAlreadyRegistered. On success, in one
 * transaction: owner, registration and activation date, a new watch code, the submitted settings and a scale
 * per submitted channel (earlier scales are archived).
 */
export async function registerController(
  ctx: AppContext,
  auth: AuthContext,
  body: ControllerRegistration,
  ip: string,
): Promise<Controller> {
  const id = await countingFailures(ctx.db, 'controllerClaim', auth, ip, () => claim(ctx, auth, body));
  // new owner and perhaps a location: the owner's own regions count (docs/regions.md "Assignment")
  await assignControllerRegions(ctx, [id]);
  return getController(ctx, auth, id);
}

function claim(ctx: AppContext, auth: AuthContext, body: ControllerRegistration): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const found = await lockControllerByImsi(tx, body.imsi);
    if (!found || found.imei === null) throw new AppError(404, 'errors:transmitterNotReady');
    if (found.imei !== body.imei) throw badRequest('errors:invalidImsiImei');
    if (found.ownerId !== null) throw badRequest('errors:transmitterAlreadyRegistered');
    const now = new Date();
    const { imsi: _imsi, imei: _imei, channels, ...settings } = body;
    const values: Partial<NewController> = {
      ...ownerValues(settings),
      ownerId: auth.userId,
      registeredAt: now,
      activationDate: found.activationDate ?? now,
      watchCode: newWatchCode(),
    };
    await updateControllerRow(tx, found.id, values);
    await completeTransmitterRegistration(tx, auth.userId);
    await deleteControllerWatches(tx, found.id);
    await archiveLiveScales(tx, found.id);
    for (const { channel, ...fields } of channels) {
      const scaleId = await insertScale(tx, { ...fields, controllerId: found.id, channel });
      if (scaleId === null) throw badRequest('errors:channelOccupied');
    }
    return found.id;
  });
}
