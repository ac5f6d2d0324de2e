/**
 * Solves a·x = b by Gaussian elimination with partial pivoting; null when a pivot is below `minPivot` (the
 * system is singular for the fit at hand: too few or too alike readings). The detectors' fits have four to
 * six unknowns, so a library's matrix type would cost more than it saves (docs/alarms.md "Steps").
 */
export function solve(a: readonly number[][], b: readonly number[], minPivot: number): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[p]?.[c] ?? 0)) p = r;
    [m[c], m[p]] = [m[p] as number[], m[c] as number[]];
    const pivot = m[c]?.[c] ?? 0;
    if (Math.abs(pivot) < minPivot) return null;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = (m[r]?.[c] ?? 0) / pivot;
      for (let k = c; k <= n; k++) (m[r] as number[])[k] = (m[r]?.[k] ?? 0) - f * (m[c]?.[k] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}
