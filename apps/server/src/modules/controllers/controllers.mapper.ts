import {
  channelConfigSchema,
  subscriptionState,
  type Controller,
  type ChannelConfig,
  type Scale,
} from '@hivescope/contract';
import { canWrite, type Access } from './controller-access';
import type { ControllerRow, ControllerView } from './controllers.repository';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export const locationOf = (c: Pick<ControllerRow, 'lat' | 'lng'>) =>
  c.lat === null || c.lng === null ? null : { lat: c.lat, lng: c.lng };

/** The stored configuration, or none if a row holds one that breaks the rules (never a 500 for old data). */
function validConfig(stored: unknown): ChannelConfig {
  const parsed = channelConfigSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

/** Columns shared by the owner view and the admin row. */
export function commonFields(c: ControllerRow, ownerEmail: string | null, now: Date) {
  return {
    id: c.id,
    name: c.name,
    location: locationOf(c),
    timeZone: c.timeZone,
    updateInterval: c.updateInterval,
    region: { primary: c.regionPrimaryId, secondary: c.regionSecondaryId },
    softwareVersion: c.softwareVersion,
    temperature: c.temperature,
    voltage: c.voltage,
    signal: c.signal,
    lastUpdate: iso(c.lastUpdate),
    lastReset: iso(c.lastReset),
    limitReset: iso(c.limitReset),
    activationDate: iso(c.activationDate),
    subscriptionEnd: c.subscriptionEnd.toISOString(),
    subscriptionState: subscriptionState(c.subscriptionEnd, now),
    remainingNotifications: c.remainingNotifications,
    scaleGain: c.scaleGain,
    channelConfig: validConfig(c.channelConfig),
    signalFilter: c.signalFilter,
    displayOnPublicMap: c.displayOnPublicMap,
    owner: c.ownerId === null || ownerEmail === null ? null : { userId: c.ownerId, email: ownerEmail },
  };
}

/**
 * The controller as its viewer sees it. Read-only viewers (watchers, managers) get no IMSI, IMEI or MSISDN
 * (the registration credentials); only the owner sees the watch code.
 */
export function toController(
  view: ControllerView,
  access: Access,
  scales: Scale[],
  now = new Date(),
): Controller {
  const { c } = view;
  const readOnly = !canWrite(access);
  return {
    ...commonFields(c, view.ownerEmail, now),
    imsi: readOnly ? null : c.imsi,
    imei: readOnly ? null : c.imei,
    msisdn: readOnly ? null : c.msisdn,
    watchCode: access === 'owner' ? c.watchCode : null,
    readOnly,
    scales,
  };
}
