import type uPlot from 'uplot';
import { markersNear, type ChartMarker } from './lines';

/** How close (px) the cursor must be to a point for the tooltip to show its values. */
const NEAR_PX = 40;

/** The time and each line's value at the data point under the cursor; none when no point is near. */
function pointRows(
  u: uPlot,
  left: number,
  formatTime: (epoch: number) => string,
  format: (value: number, seriesIndex: number) => string,
): string[] {
  const idx = u.cursor.idx;
  if (idx === null || idx === undefined) return [];
  const time = u.data[0][idx];
  // the cursor snaps to the nearest point: far from any point (a gap, before the data) nothing is shown
  if (time === undefined || Math.abs(u.valToPos(time, 'x') - left) > NEAR_PX) return [];
  const rows: string[] = [];
  u.series.forEach((s, i) => {
    const value = u.data[i]?.[idx];
    if (i > 0 && s.show !== false && typeof value === 'number') rows.push(`${s.label}: ${format(value, i)}`);
  });
  return rows.length ? [formatTime(time), ...rows] : [];
}

/**
 * Tooltip following the crosshair: the time and each line's exact value at the cursor, and the details of
 * markers near it (an alarm's type, time and weight change). Built from text nodes (labels come from user
 * data). `format` renders a value with its line's unit.
 */
export function tooltipPlugin(
  formatTime: (epoch: number) => string,
  format: (value: number, seriesIndex: number) => string,
  markers: ChartMarker[] = [],
): uPlot.Plugin {
  let box: HTMLDivElement;
  const update = (u: uPlot) => {
    const left = u.cursor.left ?? -1;
    if (left < 0) {
      box.style.display = 'none';
      return;
    }
    const near = markersNear(markers, (t) => Math.abs(u.valToPos(t, 'x') - left) <= NEAR_PX / 2);
    const rows = [...pointRows(u, left, formatTime, format), ...near.map((m) => m.detail ?? '')];
    box.replaceChildren(...rows.map((r) => Object.assign(document.createElement('div'), { textContent: r })));
    box.style.display = rows.length > 0 ? 'block' : 'none';
    const width = u.over.clientWidth;
    box.style.left = `${left + 12 + box.offsetWidth > width ? left - box.offsetWidth - 12 : left + 12}px`;
    box.style.top = `${Math.max(0, (u.cursor.top ?? 0) - box.offsetHeight / 2)}px`;
  };
  return {
    hooks: {
      init: (u) => {
        box = document.createElement('div');
        box.className = 'hs-chart-tooltip';
        box.dataset.testid = 'chart-tooltip';
        box.style.display = 'none';
        u.over.appendChild(box);
      },
      setCursor: update,
    },
  };
}

/** Markers: a vertical line with its label, as DOM elements over the plot (kept in place on redraw); alarms in red. */
export function markersPlugin(markers: ChartMarker[]): uPlot.Plugin {
  const elements = new Map<string, HTMLDivElement>();
  const place = (u: uPlot) => {
    for (const marker of markers) {
      const el = elements.get(marker.id);
      if (!el) continue;
      const x = u.valToPos(marker.time, 'x');
      const inside = x >= 0 && x <= u.over.clientWidth;
      el.style.display = inside ? 'block' : 'none';
      el.style.left = `${x}px`;
      // near the right edge the label hangs to the left of its line
      el.classList.toggle('hs-chart-marker-flip', x > u.over.clientWidth - 160);
    }
  };
  return {
    hooks: {
      init: (u) => {
        for (const marker of markers) {
          const el = document.createElement('div');
          el.className = `hs-chart-marker hs-chart-marker-${marker.kind ?? 'intervention'}`;
          el.dataset.testid = `chart-marker-${marker.id}`;
          const text = document.createElement('span');
          text.textContent = marker.label;
          el.appendChild(text);
          el.title = marker.label;
          u.over.appendChild(el);
          elements.set(marker.id, el);
        }
      },
      draw: place,
    },
  };
}

/**
 * Mouse zoom: a drag selects a time span, which is handed to `onSelect` (the owner reloads that range at
 * its resolution) instead of zooming into the points already loaded.
 */
export function selectPlugin(onSelect: (a: number, b: number) => void): uPlot.Plugin {
  return {
    hooks: {
      setSelect: (u) => {
        const { left, width } = u.select;
        if (width > 2) onSelect(u.posToVal(left, 'x'), u.posToVal(left + width, 'x'));
        u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
      },
    },
  };
}
