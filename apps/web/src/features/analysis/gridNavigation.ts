/** A cell of the heat map: [row, column]. */
export type Cell = readonly [number, number];

const known = (values: (number | null)[][], i: number, j: number) =>
  values[i]?.[j] !== null && values[i]?.[j] !== undefined;

/** The first cell with a value, row by row (the grid's one Tab stop until another cell was visited). */
export function firstCell(values: (number | null)[][]): Cell | null {
  for (const [i, row] of values.entries()) {
    const j = row.findIndex((v) => v !== null);
    if (j >= 0) return [i, j];
  }
  return null;
}

/** The nearest cell with a value from `at` in steps of (di, dj); null when there is none. */
function step(values: (number | null)[][], at: Cell, di: number, dj: number): Cell | null {
  let [i, j] = at;
  for (;;) {
    i += di;
    j += dj;
    if (i < 0 || i >= values.length || j < 0 || j >= (values[i]?.length ?? 0)) return null;
    if (known(values, i, j)) return [i, j];
  }
}

/** The end of the row in direction `dj`: its first (-1) or last (+1) cell with a value. */
function rowEnd(values: (number | null)[][], i: number, dj: 1 | -1): Cell | null {
  const row = values[i] ?? [];
  const j = dj < 0 ? row.findIndex((v) => v !== null) : row.findLastIndex((v) => v !== null);
  return j >= 0 ? [i, j] : null;
}

/**
 * Where a key moves the focus within the grid (cells without a value are skipped; at the edge it stays):
 * arrows to the next known cell in that direction, Home / End to the row's first / last known cell.
 * Null for any other key (the browser handles it: Enter opens the focused cell's link, Tab leaves the grid).
 */
export function nextCell(values: (number | null)[][], at: Cell, key: string): Cell | null {
  const move = (c: Cell | null) => c ?? at;
  switch (key) {
    case 'ArrowRight':
      return move(step(values, at, 0, 1));
    case 'ArrowLeft':
      return move(step(values, at, 0, -1));
    case 'ArrowDown':
      return move(step(values, at, 1, 0));
    case 'ArrowUp':
      return move(step(values, at, -1, 0));
    case 'Home':
      return move(rowEnd(values, at[0], -1));
    case 'End':
      return move(rowEnd(values, at[0], 1));
    default:
      return null;
  }
}
