/**
 * The heat map's diverging colour scale: weight lost in red, gained in green, no change near white; the
 * intensity grows with |kg| up to `max` (the legend's end), beyond which the colour saturates.
 */
const LOSS = [198, 40, 40];
const GAIN = [46, 125, 50];
const NEUTRAL = [247, 247, 247];

const mix = (a: number[], b: number[], f: number) => a.map((x, i) => Math.round(x + ((b[i] ?? x) - x) * f));

export function cellColor(kg: number | null, max: number): string {
  if (kg === null) return 'transparent';
  const f = max > 0 ? Math.min(1, Math.abs(kg) / max) : 0;
  const [r, g, b] = mix(NEUTRAL, kg < 0 ? LOSS : GAIN, f);
  return `rgb(${r}, ${g}, ${b})`;
}

/** The legend's end: the 95th percentile of |kg|, so that one outlier (a harvest) does not wash out the rest. */
export function scaleMax(values: (number | null)[]): number {
  const abs = values
    .filter((v): v is number => v !== null)
    .map(Math.abs)
    .sort((a, b) => a - b);
  if (abs.length === 0) return 1;
  const p95 = abs[Math.min(abs.length - 1, Math.floor(abs.length * 0.95))] ?? 1;
  return p95 > 0 ? p95 : 1;
}
