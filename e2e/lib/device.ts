import {
  DEVICE_REPORT_PATH,
  deviceReportAnswerSchema,
  type DeviceChannelValue,
  type DeviceReport,
  type DeviceReportAnswer,
} from '@hivescope/contract';
import { baseUrl } from './app';

let imsiCounter = 0;
/** A 15-digit IMSI / IMEI unique to this run. */
export const digits15 = (prefix: string) =>
  `${prefix}${String(Date.now() % 1e9).padStart(9, '0')}${String(++imsiCounter).padStart(2, '0')}`
    .slice(0, 15)
    .padEnd(15, '0');

/**
 * Reports readings through the real device protocol (docs/device-protocol.md), as a transmitter does.
 * The body is the contract's DeviceReport; the answer is parsed with the contract's answer schema, and a
 * refused report throws with the server's message.
 */
export async function report(
  token: string,
  ids: { imsi: string; imei: string },
  readings: Array<{ time: Date; channels: DeviceChannelValue[] }>,
): Promise<{ status: number; body: DeviceReportAnswer }> {
  const body: DeviceReport = {
    imsi: ids.imsi,
    imei: ids.imei,
    firmware: '1.4.2',
    status: { temperature: 12.5, voltage: 3.95, signal: -71 },
    readings: readings.map((r) => ({ time: r.time.toISOString(), channels: r.channels })),
  };
  const res = await fetch(`${baseUrl()}${DEVICE_REPORT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`device report refused (${res.status}): ${JSON.stringify(json)}`);
  return { status: res.status, body: deviceReportAnswerSchema.parse(json) };
}
