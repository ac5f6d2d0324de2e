import { WEATHER_CELL_DEGREES } from '@hivescope/contract';

/** A weather grid cell: its key in weather_hourly and the point the provider is asked for (its centre). */
export type WeatherCell = { key: string; lat: number; lng: number };

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * The 0.05° cell (about 5.5 km north–south, 3.8 km east–west at 47° N) a location lies in. Open-Meteo's
 * own models are 1–11 km grids, so controllers closer than that get the same weather anyway: one fetch
 * per cell serves all of them (docs/weather.md "Grid cells and the table").
 */
export function cellOf(lat: number, lng: number): WeatherCell {
  const row = Math.round(lat / WEATHER_CELL_DEGREES);
  const col = Math.round(lng / WEATHER_CELL_DEGREES);
  return {
    key: `${row},${col}`,
    lat: round(row * WEATHER_CELL_DEGREES),
    lng: round(col * WEATHER_CELL_DEGREES),
  };
}
