import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cellColor } from '../colors';
import { firstCell, nextCell, type Cell } from '../gridNavigation';

type Props = {
  values: (number | null)[][];
  /** the number of columns (days or hours) */
  cols: number;
  /** the end of the colour scale (kg) */
  max: number;
  /** what the grid shows (its accessible name) and the id of the text that explains its use */
  caption: string;
  hintId: string;
  /** a cell's tooltip and accessible name */
  label: (row: number, column: number) => string;
  /** where a cell leads (the timeline around its day) */
  link: (row: number, column: number) => string;
};

/** The height of a row in px (the row labels beside the grid use it too). */
export const CELL_H = 14;

const keyOf = ([i, j]: Cell) => `${i}-${j}`;

/** A link opened the way the router does it (a plain click); modified clicks stay with the browser. */
function routed(e: MouseEvent): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return null;
  return (e.target as Element).closest('a')?.getAttribute('href') ?? null;
}

/**
 * The coloured cells (SVG, one rect per known value, stretched to the width), each a link to the timeline.
 * The grid is one Tab stop (roving tabindex: thousands of cells must not be thousands of stops); the arrow
 * keys, Home and End move between cells (gridNavigation.ts), Enter opens one. One click handler for all
 * cells hands plain clicks to the router.
 */
export function HeatGrid({ values, cols, max, caption, hintId, label, link }: Props) {
  const navigate = useNavigate();
  const [visited, setVisited] = useState<Cell | null>(null);
  const [focused, setFocused] = useState(false);
  // typed as HTML by React, created in the SVG namespace inside <svg>: only focus() is used
  const anchors = useRef(new Map<string, { focus: () => void }>());
  const valid = visited && values[visited[0]]?.[visited[1]] != null ? visited : null;
  const current = valid ?? firstCell(values);
  const rows = values.length;

  const onKeyDown = (e: KeyboardEvent) => {
    const next = current && nextCell(values, current, e.key);
    if (!next) return;
    e.preventDefault();
    setVisited(next);
    anchors.current.get(keyOf(next))?.focus();
  };
  const onClick = (e: MouseEvent) => {
    const href = routed(e);
    if (!href) return;
    e.preventDefault();
    void navigate(href);
  };

  return (
    <svg
      role="group"
      aria-label={caption}
      aria-describedby={hintId}
      width="100%"
      height={rows * CELL_H}
      viewBox={`0 0 ${cols} ${rows}`}
      preserveAspectRatio="none"
      style={{ display: 'block', background: 'var(--mantine-color-gray-1)' }}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      data-testid="heatmap-grid"
    >
      {values.map((row, i) =>
        row.map((kg, j) => {
          if (kg === null) return null;
          const name = label(i, j);
          const here = current !== null && current[0] === i && current[1] === j;
          return (
            <a
              key={`${i}-${j}`}
              href={link(i, j)}
              aria-label={name}
              tabIndex={here ? 0 : -1}
              onFocus={() => setVisited([i, j])}
              ref={(el) => {
                if (el) anchors.current.set(keyOf([i, j]), el);
                else anchors.current.delete(keyOf([i, j]));
              }}
              style={{ outline: 'none' }}
              data-testid="heatmap-cell"
            >
              <title>{name}</title>
              <rect x={j} y={i} width={1} height={1} fill={cellColor(kg, max)} />
            </a>
          );
        }),
      )}
      {focused && current && (
        // the focus ring: the anchors' own outline would be drawn in the stretched grid's units
        <rect
          x={current[1]}
          y={current[0]}
          width={1}
          height={1}
          fill="none"
          stroke="var(--mantine-color-text)"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
          pointerEvents="none"
          data-testid="heatmap-focus"
        />
      )}
    </svg>
  );
}
