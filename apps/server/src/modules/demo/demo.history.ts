import { DEVICE_MAX_READINGS, deviceReportSchema, type DeviceReading } from '@hivescope/contract';
import { iterateReadings, modelOf, type ControllerDef } from '@hivescope/simulator';
import type { DeviceController, DeviceService } from '../device/device.service';

export type HistoryResult = { reports: number; readings: number; accepted: number; duplicates: number };

/**
 * Feeds the simulator's readings of [from, to) through the SAME ingest service the device route uses
 * (schema validation, IMSI/IMEI checks, one atomic statement per report), in reports of ≤ 1000 readings.
 */
export async function feedHistory(
  device: DeviceService,
  controller: DeviceController,
  def: ControllerDef,
  from: number,
  to: number,
  samplingMinutes: number,
): Promise<HistoryResult> {
  const result: HistoryResult = { reports: 0, readings: 0, accepted: 0, duplicates: 0 };
  const model = modelOf(def);
  let batch: DeviceReading[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const last = Date.parse(batch[batch.length - 1]?.time ?? '');
    const report = deviceReportSchema.parse({
      imsi: def.imsi,
      imei: def.imei,
      firmware: def.firmware,
      status: model.status(last),
      readings: batch,
    });
    const answer = await device.report(controller, report);
    result.reports++;
    result.readings += batch.length;
    result.accepted += answer.accepted;
    result.duplicates += answer.duplicates;
    batch = [];
  };
  for (const reading of iterateReadings(def, from, to, samplingMinutes)) {
    batch.push(reading);
    if (batch.length >= DEVICE_MAX_READINGS) await flush();
  }
  await flush();
  return result;
}
