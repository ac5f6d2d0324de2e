import { baseUrl } from './app';

let imsiCounter = 0;
/** A 15-digit IMSI / IMEI unique to this run. */
export const digits15 = (prefix: string) =>
  `${prefix}${String(Date.now() % 1e9).padStart(9, '0')}${String(++imsiCounter).padStart(2, '0')}`
    .slice(0, 15)
    .padEnd(15, '0');

/** Reports readings through the real device protocol (DESIGN §7), as a transmitter does. */
export async function report(
  token: string,
  ids: { imsi: string; imei: string },
  readings: Array<{
    time: Date;
    channels: Array<{ channel: number; weight?: number; temperature?: number; humidity?: number }>;
  }>,
) {
  const res = await fetch(`${baseUrl()}/api/device/v1/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      imsi: ids.imsi,
      imei: ids.imei,
      firmware: '1.4.2',
      status: { temperature: 12.5, voltage: 3.95, signal: -71 },
      readings: readings.map((r) => ({ time: r.time.toISOString(), channels: r.channels })),
    }),
  });
  return { status: res.status, body: (await res.json()) as { accepted: number; duplicates: number } };
}
