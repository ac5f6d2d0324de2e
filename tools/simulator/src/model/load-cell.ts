/**
 * A one-sided load cell (issue 28): one cell under one side of the hive, its reading doubled, so the scale
 * reads `2 × share` of what is on it (`share` ≈ 0.5: the hive's centre of mass is rarely exactly above the
 * middle), plus a drift with the cell's temperature that grows with the load: tens of grams per °C per
 * 100 kg. The cell sits under the hive in the air, warmed by the sun in the day: its temperature follows the
 * air's daily cycle and the sun's. Off by default (HiveParams `loadCell`); the standard scale (four cells, a
 * small drift per °C whatever the load) stays as it is.
 */
import { ambientTemperature, type Site } from './climate';
import { smoothstep, solarHour } from './time';

export interface LoadCell {
  /** Share of the hive's weight on the measured side, ≈ 0.46–0.54; the scale reads twice that. */
  share: number;
  /** Drift of the reading per °C away from 20 °C, per 100 kg on the scale (kg), either sign. */
  driftPer100Kg: number;
  /** How much warmer than the air the sun makes the cell around solar noon (°C). */
  sunWarming: number;
}

/** The cell's temperature (°C): the air's, plus the sun's warming from about 08:00 to 19:00 solar time. */
export function loadCellTemperature(site: Site, cell: LoadCell, t: number): number {
  const hour = solarHour(t, site.lng);
  const sun = smoothstep(hour, 8, 12) - smoothstep(hour, 14, 19);
  return ambientTemperature(site, t) + cell.sunWarming * sun;
}

/** What the one-sided cell reads (kg) with `load` kg on the scale at `t`, before reading noise. */
export function loadCellReading(site: Site, cell: LoadCell, load: number, t: number): number {
  const drift = cell.driftPer100Kg * (load / 100) * (loadCellTemperature(site, cell, t) - 20);
  return 2 * cell.share * load + drift;
}
