import type { Queryable } from '../../db/queryable';
import { currentValues } from '../measurements/measurements.service';
import type { ChannelWindow } from '../measurements/measurements.types';
import type { ScaleRecord, ScaleRow } from './scales.repository';

/** A scale's stretch of its controller channel: from its setup to its archiving. */
export const windowOf = (s: ScaleRecord): ChannelWindow => ({
  id: s.id,
  controllerId: s.controller_id,
  channel: s.channel,
  from: new Date(s.setup_at),
  to: s.archived_at === null ? null : new Date(s.archived_at),
});

/** The scales with their current values (the newest reading inside each scale's window): one query. */
export async function withValues(db: Queryable, records: ScaleRecord[]): Promise<ScaleRow[]> {
  const latest = await currentValues(db, records.map(windowOf));
  return records.map((s) => {
    const v = latest.get(s.id);
    return {
      ...s,
      time: v?.time ?? null,
      weight: v?.weight ?? null,
      temperature: v?.temperature ?? null,
      humidity: v?.humidity ?? null,
    };
  });
}
