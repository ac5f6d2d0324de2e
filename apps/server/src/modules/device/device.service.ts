import crypto from 'node:crypto';
import type { DeviceConfig, DeviceReport, DeviceReportAnswer } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import {
  findControllerByTokenHash,
  ingestReport,
  type DeviceController,
  type IngestRows,
} from './device.repository';

export type { DeviceController };

/** SHA-256 hex of a device token: what controllers.device_token_hash holds. */
export const deviceTokenHash = (token: string) =>
  crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** PostgreSQL errors worth one more try: deadlock (concurrent reports of one controller), serialization. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

export type DeviceService = ReturnType<typeof createDeviceService>;

/** Device protocol v1 (DESIGN §7): token check, report validation beyond the schema, atomic ingest. */
export function createDeviceService(deps: { db: Db; publicUrl: string }) {
  const { db, publicUrl } = deps;

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
      if (controller.imei !== null && report.imei !== controller.imei)
        throw new AppError(409, 'device:imeiMismatch');
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
        time: newestTime(report),
      };
      const { accepted } = await withRetry(() => ingestReport(db, controller, rows, status));
      if (controller.imei === null) controller.imei = report.imei;
      return { accepted, duplicates: rows.channels.length - accepted, config };
    },

    configOf,
  };
}

async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
    }
  }
}

function newestTime(report: DeviceReport): string {
  let best = report.readings[0]?.time ?? new Date().toISOString();
  let bestMs = Date.parse(best);
  for (const r of report.readings) {
    const t = Date.parse(r.time);
    if (t > bestMs) [best, bestMs] = [r.time, t];
  }
  return best;
}

/** One row per channel value, sorted by (channel, time) so concurrent batches lock rows in the same order. */
export function flatten(report: Pick<DeviceReport, 'readings'>): IngestRows {
  const items: {
    channel: number;
    ms: number;
    time: string;
    w: number | null;
    t: number | null;
    h: number | null;
  }[] = [];
  for (const reading of report.readings) {
    const ms = Date.parse(reading.time);
    for (const c of reading.channels) {
      items.push({
        channel: c.channel,
        ms,
        time: reading.time,
        w: c.weight ?? null,
        t: c.temperature ?? null,
        h: c.humidity ?? null,
      });
    }
  }
  items.sort((a, b) => a.channel - b.channel || a.ms - b.ms);
  return {
    channels: items.map((i) => i.channel),
    times: items.map((i) => i.time),
    weights: items.map((i) => i.w),
    temperatures: items.map((i) => i.t),
    humidities: items.map((i) => i.h),
  };
}
