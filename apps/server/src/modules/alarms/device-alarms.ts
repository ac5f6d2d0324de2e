import { DEVICE_ALARM_TYPES, type DeviceAlarmType } from '@hivescope/contract';
import type { Db } from '../../db/client';
import {
  alarmTarget,
  expiringSubscriptions,
  lowBatteryControllers,
  silentControllers,
  type DeviceCandidate,
} from './alarms.repository';
import { recordForTarget } from './detection';

/** Li-ion cells run 3.5–4.2 V: below 3.6 V about a tenth of the charge is left (docs/alarms.md "Pipeline", Device alarms). */
export const BATTERY_LOW_VOLTS = 3.6;
/** Back above this the battery counts as charged, so a charge-and-drain later alarms again. */
export const BATTERY_RECOVERED_VOLTS = 3.8;
export const SUBSCRIPTION_WARNING_DAYS = 30;

/**
 * The device alarms (silent transmitter, low battery, subscription ending), each once per occurrence: the
 * event key's time is the last report, the start of the low battery or the subscription end. Answers the
 * deliveries queued.
 */
export async function checkDeviceAlarms(db: Db, now = new Date()): Promise<number> {
  // one check per device alarm type: a new one does not compile until its check is here
  const found: Record<DeviceAlarmType, DeviceCandidate[]> = {
    silent: await silentControllers(db, now),
    battery: await lowBatteryControllers(db, BATTERY_LOW_VOLTS, BATTERY_RECOVERED_VOLTS),
    subscription: await expiringSubscriptions(db, now, SUBSCRIPTION_WARNING_DAYS),
  };
  let deliveries = 0;
  for (const type of DEVICE_ALARM_TYPES) {
    for (const c of found[type]) {
      const target = await alarmTarget(db, c.controllerId, now);
      if (!target) continue;
      const event = { scaleId: null, channel: null, type, time: c.time, delta: c.delta };
      deliveries += await recordForTarget(db, target, [event], now);
    }
  }
  return deliveries;
}
