/**
 * Formatting helpers of the device protocol (docs/device-protocol.md). The report and answer shapes
 * are not defined here: they are the contract's (packages/contract/src/device.ts), the same schema
 * the server validates with.
 */

/** ISO time without milliseconds (readings fall on whole minutes). */
export function isoTime(t: number): string {
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
