/** IMSI/IMEI as typed or pasted ("2280 1123-4567.890"): spaces, hyphens, dots and slashes are dropped. */
export function normaliseDigits(value: string): string {
  return value.replace(/[\s\-./]/g, '');
}
