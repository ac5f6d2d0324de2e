/**
 * Weights are kilograms everywhere (API, database, UI). The sensors are read as float4 and weights are
 * summed and subtracted, which leaves binary noise (42.349998…); every weight shown or sent is therefore
 * rounded to whole grams, by this one function.
 */
export function roundToGrams(kg: number): number {
  return Math.round(kg * 1000) / 1000;
}

/**
 * Net weight of a hive = measured weight − empty weight − reserves (kg, rounded to grams); null while
 * the scale has not reported a weight. May be negative (e.g. after a harvest before the reserves were
 * corrected). Used by the server's scale response and by the dashboard.
 */
export function netWeight(weight: number | null, emptyWeight: number, reserves: number): number | null {
  return weight === null ? null : roundToGrams(weight - emptyWeight - reserves);
}
