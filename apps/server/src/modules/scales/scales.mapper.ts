import type { Scale } from '@hivescope/contract';
import type { ScaleRow } from './scales.repository';

/** Rounds kg values to grams (float4 columns and sums would otherwise show binary noise). */
export const grams = (kg: number) => Math.round(kg * 1000) / 1000;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toScale(row: ScaleRow): Scale {
  const weight = row.weight === null ? null : grams(row.weight);
  return {
    idscale: row.id,
    controllerId: row.controller_id,
    name: row.name,
    type: row.type,
    channel: row.channel,
    visible: row.visible,
    isBrood: row.is_brood,
    emptyWeight: grams(row.empty_weight),
    reserves: grams(row.reserves),
    total: grams(row.empty_weight + row.reserves),
    state: row.state,
    setupAt: new Date(row.setup_at).toISOString(),
    archivedAt: iso(row.archived_at),
    weight,
    weightTime: iso(row.time),
    temperature: row.temperature,
    humidity: row.humidity,
    net: weight === null ? null : grams(weight - row.empty_weight - row.reserves),
  };
}
