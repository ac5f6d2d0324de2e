import type { Db } from '../../db/client';
import { INGEST_SQL } from './ingest.sql';

/** What the device protocol needs to know about the controller behind a device token. */
export type DeviceController = {
  id: number;
  imsi: string;
  imei: string | null;
  timeZone: string;
  updateInterval: number;
  scaleGain: number;
  desiredFirmware: string | null;
  subscriptionEnd: Date;
};

/** One report, flattened to one row per channel value, sorted by (channel, time). */
export type IngestRows = {
  channels: number[];
  times: string[];
  weights: (number | null)[];
  temperatures: (number | null)[];
  humidities: (number | null)[];
};

export type IngestStatus = {
  temperature: number;
  voltage: number;
  signal: number;
  firmware: string;
  imei: string;
  resetAt: string | null;
  /** time of the controller_status row: the newest reading time of the report */
  time: string;
};

const LOOKUP_SQL = `SELECT id, imsi, imei, time_zone, update_interval, scale_gain, desired_firmware, subscription_end
  FROM controllers WHERE device_token_hash = $1`;

type LookupRow = {
  id: number;
  imsi: string;
  imei: string | null;
  time_zone: string;
  update_interval: number;
  scale_gain: number;
  desired_firmware: string | null;
  subscription_end: Date;
};

/** The controller whose device_token_hash is `tokenHash`, or null. */
export async function findControllerByTokenHash(db: Db, tokenHash: string): Promise<DeviceController | null> {
  const res = await db.$client.query<LookupRow>({
    name: 'device-lookup-v1',
    text: LOOKUP_SQL,
    values: [tokenHash],
  });
  const r = res.rows[0];
  if (!r) return null;
  return {
    id: r.id,
    imsi: r.imsi,
    imei: r.imei,
    timeZone: r.time_zone,
    updateInterval: r.update_interval,
    scaleGain: r.scale_gain,
    desiredFirmware: r.desired_firmware,
    subscriptionEnd: r.subscription_end,
  };
}

/**
 * Stores one report atomically in ONE statement (data-modifying CTEs run in one implicit transaction):
 * raw rows with ON CONFLICT DO NOTHING, rollups from the newly inserted rows only, the status row and the
 * controller's status columns. Returns how many channel values were new. Resolves only after COMMIT.
 */
export async function ingestReport(
  db: Db,
  controller: Pick<DeviceController, 'id' | 'timeZone'>,
  rows: IngestRows,
  status: IngestStatus,
): Promise<{ accepted: number }> {
  const values = [
    controller.id,
    rows.channels,
    rows.times,
    rows.weights,
    rows.temperatures,
    rows.humidities,
    controller.timeZone,
    status.temperature,
    status.voltage,
    Math.round(status.signal),
    status.firmware,
    status.imei,
    status.resetAt,
    status.time,
  ];
  const res = await db.$client.query<{ accepted: number }>({
    name: 'device-ingest-v1',
    text: INGEST_SQL,
    values,
  });
  return { accepted: res.rows[0]?.accepted ?? 0 };
}
