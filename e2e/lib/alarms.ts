import type { AlarmType } from '@hivescope/contract';
import { sql } from './app';

export type RecordedEvent = {
  controllerId: number;
  /** the scale and its channel; null for a controller alarm (silent, battery, subscription) */
  scaleId: number | null;
  channel: number | null;
  type: AlarmType;
  time: Date;
  delta: number | null;
  delivery?: 'pending' | 'sent' | 'muted' | 'stale' | 'off' | 'failed' | 'none';
};

/**
 * Records alarm events as the detectors do (docs/alarms.md): the screens under test only read them. The
 * detectors themselves are tested through the device protocol on the server (modules/alarms).
 */
export async function recordAlarmEvents(events: RecordedEvent[]): Promise<number[]> {
  const ids: number[] = [];
  for (const e of events) {
    const [row] = await sql<{ id: string }>(
      `INSERT INTO alarm_events (controller_id, scale_id, channel, type, time, delta, delivery)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [e.controllerId, e.scaleId, e.channel, e.type, e.time, e.delta, e.delivery ?? 'sent'],
    );
    ids.push(Number(row!.id));
  }
  return ids;
}
