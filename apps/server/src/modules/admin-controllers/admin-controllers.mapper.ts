import type { AdminControllerRow } from '@hivescope/contract';
import { commonFields } from '../controllers/controllers.mapper';
import type { AdminRow } from './admin-controllers.repository';

export function toAdminRow(
  { c, ownerEmail, affiliationName, scaleCount }: AdminRow,
  now = new Date(),
): AdminControllerRow {
  return {
    ...commonFields(c, ownerEmail, now),
    imsi: c.imsi,
    imei: c.imei,
    reportedImei: c.reportedImei,
    reportedImeiAt: c.reportedImeiAt === null ? null : c.reportedImeiAt.toISOString(),
    msisdn: c.msisdn,
    desiredFirmware: c.desiredFirmware,
    registeredAt: c.registeredAt === null ? null : c.registeredAt.toISOString(),
    affiliation:
      c.affiliationId === null || affiliationName === null
        ? null
        : { id: c.affiliationId, name: affiliationName },
    scaleCount,
    createdAt: c.createdAt.toISOString(),
  };
}
