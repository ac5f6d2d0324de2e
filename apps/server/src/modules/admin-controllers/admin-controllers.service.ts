import {
  DEFAULT_SUBSCRIPTION_YEARS,
  type AdminControllerCreate,
  type AdminControllerUpdate,
  type Affiliation,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../http/errors';
import { isPgDate, isPgId } from '../../lib/pg-range';
import { timeZoneAt } from '../../lib/timezone';
import { transmitterNotFound } from '../controllers/controller-access';
import {
  deleteControllerWatches,
  updateControllerRow,
  type NewController,
} from '../controllers/controllers.repository';
import { newWatchCode } from '../controllers/watch-code';
import { weatherAfterLocationChange } from '../weather/weather.service';
import { assignControllerRegions } from '../regions/regions.service';
import { assignFirmware } from '../firmware/firmware.service';
import { newDeviceToken } from './device-token';
import { toAdminRow } from './admin-controllers.mapper';
import {
  affiliationExists,
  countControllers,
  listAffiliations,
  findAdminRow,
  imsiTaken,
  insertController,
  setAffiliationControllers,
  userIdByEmail,
} from './admin-controllers.repository';

/** POST admin/controller: subscription until now + 2 years, a device token shown only in this answer. */
export async function createController(ctx: AppContext, body: AdminControllerCreate) {
  const { location, ...rest } = body;
  const { token, hash } = newDeviceToken();
  const end = new Date();
  end.setUTCFullYear(end.getUTCFullYear() + DEFAULT_SUBSCRIPTION_YEARS);
  const id = await insertController(ctx.db, {
    ...rest,
    lat: location?.lat ?? null,
    lng: location?.lng ?? null,
    timeZone: timeZoneAt(location),
    subscriptionEnd: end,
    deviceTokenHash: hash,
  });
  if (id === null) throw badRequest('errors:imsiExists');
  if (location) {
    await weatherAfterLocationChange(ctx, null, id, null, location);
    await assignControllerRegions(ctx, [id]);
  }
  return { id, deviceToken: token };
}

function date(v: string | null | undefined): Date | null | undefined {
  if (v === undefined || v === null) return v;
  const d = new Date(v);
  if (!isPgDate(d)) throw badRequest('errors:invalidDate');
  return d;
}

async function ownerIdOf(ctx: AppContext, email: string | null): Promise<number | null> {
  if (email === null) return null;
  const id = await userIdByEmail(ctx.db, email);
  if (id === undefined) throw badRequest('errors:userNotFound');
  return id;
}

/** The columns an admin update writes, apart from owner and token (undefined = unchanged). */
function adminValues(body: AdminControllerUpdate): Partial<NewController> {
  const {
    location,
    ownerEmail: _o,
    regenerateToken: _r,
    subscriptionEnd,
    activationDate,
    limitReset,
    ...rest
  } = body;
  const values: Partial<NewController> = {
    ...rest,
    subscriptionEnd: date(subscriptionEnd) ?? undefined,
    activationDate: date(activationDate),
    limitReset: date(limitReset),
  };
  // Saving an IMEI is the admin's answer to a reported mismatch (docs/controllers.md "IMEI mismatch").
  if (rest.imei !== undefined) Object.assign(values, { reportedImei: null, reportedImeiAt: null });
  if (location !== undefined) {
    Object.assign(values, {
      lat: location?.lat ?? null,
      lng: location?.lng ?? null,
      timeZone: timeZoneAt(location),
    });
  }
  return values;
}

/** POST admin/controller/{id}: any field; a changed owner gets a new watch code (old watches end). */
export async function adminUpdateController(ctx: AppContext, id: number, body: AdminControllerUpdate) {
  const current = await findAdminRow(ctx.db, id);
  if (!current) throw transmitterNotFound();
  if (body.imsi !== undefined && (await imsiTaken(ctx.db, body.imsi, id)))
    throw badRequest('errors:imsiExists');
  if (body.affiliationId != null && !(await affiliationExists(ctx.db, body.affiliationId))) {
    throw badRequest('errors:affiliationNotFound');
  }
  for (const region of [body.regionPrimaryId, body.regionSecondaryId]) {
    if (region != null && !isPgId(region)) throw badRequest();
  }
  const { desiredFirmware, ...rest } = body;
  const values = adminValues(rest);
  const { ownerEmail, regenerateToken } = body;
  const ownerId = ownerEmail === undefined ? current.c.ownerId : await ownerIdOf(ctx, ownerEmail);
  // the same checks as the firmware screen's assignment (docs/firmware.md): the image exists, no roll-out owns it
  if (desiredFirmware !== undefined) await assignFirmware(ctx, desiredFirmware, [id]);
  const ownerChanged = ownerId !== current.c.ownerId;
  if (ownerChanged) {
    values.ownerId = ownerId;
    values.registeredAt = ownerId === null ? null : new Date();
    values.watchCode = ownerId === null ? null : newWatchCode();
  }
  const token = regenerateToken ? newDeviceToken() : null;
  if (token) values.deviceTokenHash = token.hash;
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(defined).length > 0) await updateControllerRow(tx, id, defined);
    if (ownerChanged) await deleteControllerWatches(tx, id);
  });
  if (body.location !== undefined) await weatherAfterLocationChange(ctx, null, id, current.c, body.location);
  // the owner's own regions count too (docs/regions.md "Assignment"); an explicit region in the body stands
  const explicitRegion = body.regionPrimaryId !== undefined || body.regionSecondaryId !== undefined;
  if ((body.location !== undefined || ownerChanged) && !explicitRegion)
    await assignControllerRegions(ctx, [id]);
  const row = await findAdminRow(ctx.db, id);
  if (!row) throw transmitterNotFound();
  return { controller: toAdminRow(row), deviceToken: token?.token };
}

/** POST admin/affiliation/{id}/controllers: unknown affiliation or controller → 404, nothing changed. */
export async function assignAffiliation(ctx: AppContext, affiliationId: number, controllerIds: number[]) {
  if (!(await affiliationExists(ctx.db, affiliationId)))
    throw new AppError(404, 'errors:affiliationNotFound');
  const ids = [...new Set(controllerIds)];
  if ((await countControllers(ctx.db, ids)) !== ids.length) throw transmitterNotFound();
  await setAffiliationControllers(ctx.db, affiliationId, ids);
}

/** GET admin/affiliations (ours): every affiliation, for the admin's choices on /m/controllers and notices. */
export function affiliations(ctx: AppContext): Promise<Affiliation[]> {
  return listAffiliations(ctx.db);
}
