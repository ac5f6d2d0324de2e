import { netWeight, roundToGrams, type Scale } from '@hivescope/contract';
import type { ScaleRow } from './scales.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toScale(row: ScaleRow): Scale {
  const weight = row.weight === null ? null : roundToGrams(row.weight);
  return {
    idscale: row.id,
    controllerId: row.controller_id,
    name: row.name,
    type: row.type,
    channel: row.channel,
    visible: row.visible,
    isBrood: row.is_brood,
    emptyWeight: roundToGrams(row.empty_weight),
    reserves: roundToGrams(row.reserves),
    total: roundToGrams(row.empty_weight + row.reserves),
    state: row.state,
    setupAt: new Date(row.setup_at).toISOString(),
    archivedAt: iso(row.archived_at),
    weight,
    weightTime: iso(row.time),
    temperature: row.temperature,
    humidity: row.humidity,
    net: netWeight(weight, row.empty_weight, row.reserves),
  };
}
