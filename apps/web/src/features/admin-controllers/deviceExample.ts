/**
 * An example report (device protocol v1, docs/device-protocol.md) as a curl command, shown next to a new
 * device token so the person flashing the transmitter can check the token right away.
 */
export function deviceReportExample(
  origin: string,
  token: string,
  imsi: string,
  imei?: string | null,
): string {
  const body = {
    imsi,
    ...(imei ? { imei } : {}),
    firmware: '1.0.0',
    status: { temperature: 20, voltage: 3.9, signal: -80 },
    readings: [{ time: '2026-05-01T09:00:00Z', channels: [{ channel: 1, weight: 42.35 }] }],
  };
  return [
    `curl -X POST ${origin.replace(/\/+$/, '')}/api/device/v1/report \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(body)}'`,
  ].join('\n');
}
