/**
 * Grassland temperature sum (docs/timeline.md, "Grassland temperature sum"): from 1 January, the sum of the
 * positive daily mean temperatures, those of January weighted × 0.5, of February × 0.75, from March × 1.
 * The sum restarts every 1 January. Used for the chip temperature and for the weather temperature.
 */

/** A local calendar day (YYYY-MM-DD) and its mean temperature in °C (null: no measurement that day). */
export type DailyMean = { day: string; mean: number | null };
export type DailySum = { day: string; sum: number };

/** The weight of a day's mean by its month (1 = January). */
export function grasslandFactor(month: number): number {
  if (month === 1) return 0.5;
  if (month === 2) return 0.75;
  return 1;
}

/**
 * The running sum at the end of each given day, in day order. Days without a mean add nothing; a day's
 * negative or zero mean adds nothing. Rounded to 0.1 °C.
 */
export function grasslandTemperatureSum(days: readonly DailyMean[]): DailySum[] {
  const sorted = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const result: DailySum[] = [];
  let year = '';
  let sum = 0;
  for (const { day, mean } of sorted) {
    if (day.slice(0, 4) !== year) {
      year = day.slice(0, 4);
      sum = 0;
    }
    if (mean !== null && mean > 0) sum += mean * grasslandFactor(Number(day.slice(5, 7)));
    result.push({ day, sum: Math.round(sum * 10) / 10 });
  }
  return result;
}
