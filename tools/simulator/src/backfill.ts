/** Sends a stretch of history generated from the model in batches of at most 1000 readings. */
import { sleep } from './clock';
import type { ControllerDef } from './fleet';
import { DEVICE_MAX_READINGS, type DeviceReading } from '@hivescope/contract';
import { iterateReadings, modelOf } from './readings';
import { postReport, type FetchLike } from './transport';

export interface BackfillOptions {
  /** Readings per request, 1..1000 (default 1000). */
  batchSize?: number;
  /** Attempts per batch on network errors / 5xx before giving up (default 4). */
  attempts?: number;
  /** Real ms before the first retry, doubling (default 500). */
  retryDelayMs?: number;
  onBatch?: (batch: BackfillBatch) => void;
}

export interface BackfillBatch {
  controller: string;
  /** UTC ms of the first and last reading in the batch. */
  from: number;
  to: number;
  sent: number;
  accepted: number;
  duplicates: number;
}

export interface BackfillResult {
  requests: number;
  sent: number;
  accepted: number;
  duplicates: number;
  inactive: boolean;
}

interface Target {
  baseUrl: string;
  token: string;
  def: ControllerDef;
}

export async function backfillReadings(
  fetchImpl: FetchLike,
  target: Target,
  samplingMinutes: number,
  from: number,
  to: number,
  options: BackfillOptions = {},
): Promise<BackfillResult> {
  const size = Math.min(DEVICE_MAX_READINGS, Math.max(1, options.batchSize ?? DEVICE_MAX_READINGS));
  const result: BackfillResult = { requests: 0, sent: 0, accepted: 0, duplicates: 0, inactive: false };
  let batch: DeviceReading[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const readings = batch;
    batch = [];
    await sendBatch(fetchImpl, target, readings, options, result);
  };
  for (const reading of iterateReadings(target.def, from, to, samplingMinutes)) {
    batch.push(reading);
    if (batch.length >= size) await flush();
  }
  await flush();
  return result;
}

async function sendBatch(
  fetchImpl: FetchLike,
  { baseUrl, token, def }: Target,
  readings: DeviceReading[],
  options: BackfillOptions,
  result: BackfillResult,
): Promise<void> {
  const first = Date.parse(readings[0]?.time ?? '');
  const last = Date.parse(readings[readings.length - 1]?.time ?? '');
  const body = {
    imsi: def.imsi,
    imei: def.imei,
    firmware: def.firmware,
    status: modelOf(def).status(last),
    readings,
  };
  const attempts = options.attempts ?? 4;
  for (let attempt = 1; ; attempt++) {
    const answer = await postReport(fetchImpl, baseUrl, token, body);
    result.requests++;
    if (answer.ok) {
      const { accepted, duplicates, inactive } = answer.response;
      Object.assign(result, {
        sent: result.sent + readings.length,
        accepted: result.accepted + accepted,
        duplicates: result.duplicates + duplicates,
        inactive: result.inactive || inactive === true,
      });
      options.onBatch?.({
        controller: def.name,
        from: first,
        to: last,
        sent: readings.length,
        accepted,
        duplicates,
      });
      return;
    }
    if (!answer.retry || attempt >= attempts) {
      throw new Error(`backfill of ${def.name} failed (${answer.status ?? 'network'}): ${answer.error}`);
    }
    await sleep((options.retryDelayMs ?? 500) * 2 ** (attempt - 1));
  }
}
