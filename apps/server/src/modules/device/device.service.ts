import crypto from 'node:crypto';
import type { DeviceConfig, DeviceReport, DeviceReportAnswer } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import {
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
export function createDeviceService(deps: { db: Db; publicUrl: string; batcher?: BatcherOptions }) {
  const { db, publicUrl } = deps;
  const batcher = createIngestBatcher((jobs) => ingestJobs(db, jobs), deps.batcher ?? DEFAULT_BATCHER);

  function configOf(controller: DeviceController, reportedFirmware: string | null): DeviceConfig {
    const desired = controller.desiredFirmware;
    const offer =
      desired && desired !== reportedFirmware
        ? { version: desired, url: `${publicUrl}/api/device/v1/firmware/${encodeURIComponent(desired)}` }
        : null;
    return { updateInterval: controller.updateInterval, scaleGain: controller.scaleGain, firmware: offer };
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
      const config = configOf(controller, report.firmware);
      if (controller.subscriptionEnd.getTime() < now.getTime()) {
        return { accepted: 0, duplicates: 0, inactive: true, config };
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
