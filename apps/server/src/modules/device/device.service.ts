import crypto from 'node:crypto';
import type { DeviceConfig, DeviceReport, DeviceReportAnswer } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { firmwareOffer } from '../firmware/offer';
import {
  findControllerById,
  findControllerByTokenHash,
  ingestJobs,
  recordImeiMismatch,
  type DeviceController,
  type IngestRows,
} from './device.repository';
import { createIngestBatcher, DEFAULT_BATCHER, type BatcherOptions } from './ingest.batcher';

export type { DeviceController };

/** SHA-256 hex of a device token: what controllers.device_token_hash holds. */
export const deviceTokenHash = (token: string) =>
  crypto.createHash('sha256').update(token, 'utf8').digest('hex');

export type DeviceService = ReturnType<typeof createDeviceService>;

/** Device protocol v1 (docs/device-protocol.md): token check, report validation beyond the schema, atomic ingest. */
export function createDeviceService(deps: {
  db: Db;
  publicUrl: string;
  batcher?: BatcherOptions;
  /** Called after a report's new readings are committed (the alarm detectors' nudge, docs/alarms.md). */
  onStored?: (controllerId: number) => void;
  /**
   * Firmware roll-outs (docs/firmware.md): `concerns` says, without I/O, whether a stored report's version
   * changes the controller's standing in its roll-out; only then is `record` awaited (rare: once per update).
   */
  firmware?: {
    concerns: (rollout: DeviceController['rollout'], reported: string) => boolean;
    record: (
      controllerId: number,
      rollout: NonNullable<DeviceController['rollout']>,
      reported: string,
    ) => Promise<void>;
  };
  log?: { error: (obj: object, msg: string) => void };
}) {
  const { db, publicUrl } = deps;
  const batcher = createIngestBatcher((jobs) => ingestJobs(db, jobs), deps.batcher ?? DEFAULT_BATCHER);

  function configOf(controller: DeviceController, reportedFirmware: string | null): DeviceConfig {
    return {
      updateInterval: controller.updateInterval,
      scaleGain: controller.scaleGain,
      firmware: firmwareOffer(controller, reportedFirmware, publicUrl),
    };
  }

  /**
   * The report is stored already: a failure here is logged, never answered (the device would resend). Answers
   * the controller as it stands afterwards: a change of standing may withdraw the offer (a fall-back), and the
   * answer must offer only what the download then allows, so it is read again with the download's reader.
   */
  async function recordFirmware(controller: DeviceController, reported: string): Promise<DeviceController> {
    const { firmware } = deps;
    if (!firmware || !controller.rollout || !firmware.concerns(controller.rollout, reported))
      return controller;
    try {
      await firmware.record(controller.id, controller.rollout, reported);
    } catch (err) {
      deps.log?.error(
        { controllerId: controller.id, reason: err instanceof Error ? err.message : String(err) },
        'firmware roll-out update failed',
      );
    }
    return (await findControllerById(db, controller.id)) ?? controller;
  }

  return {
    /** The controller of a bearer token; 401 when missing or unknown. */
    async authenticate(token: string | null): Promise<DeviceController> {
      const controller = token ? await findControllerByTokenHash(db, deviceTokenHash(token)) : null;
      if (!controller) throw new AppError(401, 'device:invalidToken');
      return controller;
    },

    /** Stores a validated report of `controller` and answers with the controller's configuration. */
    async report(
      controller: DeviceController,
      report: DeviceReport,
      now = new Date(),
    ): Promise<DeviceReportAnswer> {
      if (report.imsi !== controller.imsi) throw new AppError(409, 'device:imsiMismatch');
      // The token authenticates the device; a differing IMEI is noted for the admin, and the report is stored
      // (docs/controllers.md "IMEI mismatch"): a device must never lose data over a wrongly entered IMEI.
      if (controller.imei !== null && report.imei !== controller.imei) {
        await recordImeiMismatch(db, controller.id, report.imei);
      }
      if (controller.subscriptionEnd.getTime() < now.getTime()) {
        return { accepted: 0, duplicates: 0, inactive: true, config: configOf(controller, report.firmware) };
      }
      const rows = flatten(report);
      const status = {
        ...report.status,
        resetAt: report.status.resetAt ?? null,
        firmware: report.firmware,
        imei: report.imei,
        time: rows.times.reduce((a, b) => Math.max(a, b), 0),
      };
      const accepted = await batcher.submit({
        controllerId: controller.id,
        timeZone: controller.timeZone,
        rows,
        status,
      });
      if (controller.imei === null) controller.imei = report.imei;
      if (accepted > 0) deps.onStored?.(controller.id);
      const current = await recordFirmware(controller, report.firmware);
      const config = configOf(current, report.firmware);
      return { accepted, duplicates: rows.channels.length - accepted, config };
    },

    configOf,
  };
}

/** One element per channel value (the repository sorts them by key). */
export function flatten(report: Pick<DeviceReport, 'readings'>): IngestRows {
  const rows: IngestRows = { channels: [], times: [], weights: [], temperatures: [], humidities: [] };
  for (const reading of report.readings) {
    const ms = Date.parse(reading.time);
    for (const c of reading.channels) {
      rows.channels.push(c.channel);
      rows.times.push(ms);
      rows.weights.push(c.weight ?? null);
      rows.temperatures.push(c.temperature ?? null);
      rows.humidities.push(c.humidity ?? null);
    }
  }
  return rows;
}
