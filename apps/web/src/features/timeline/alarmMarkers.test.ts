import { describe, expect, it } from 'vitest';
import type { AlarmEvent } from '@hivescope/contract';
import { alarmMarkers } from './alarmMarkers';

const event = (id: number, idscale: number | null, delta: number | null): AlarmEvent => ({
  id,
  controllerId: 7,
  controllerName: 'Stand',
  channel: idscale === null ? null : 1,
  idscale,
  scaleName: idscale === null ? null : `Volk ${idscale}`,
  type: idscale === null ? 'battery' : 'swarm',
  time: '2025-07-01T10:00:00.000Z',
  detectedAt: '2025-07-01T10:05:00.000Z',
  text: 'text',
  delta,
  delivery: 'sent',
  answer: null,
  answerable: false,
});

const text = {
  type: (e: AlarmEvent) => e.type,
  time: (iso: string) => iso.slice(11, 16),
  delta: (kg: number) => `${kg} kg`,
  scale: (id: number) => `Volk ${id}`,
};

describe('alarm markers on the timeline', () => {
  it('draws the events of the shown scales with type, scale, time and weight change', () => {
    const markers = alarmMarkers([event(1, 12, -2.4), event(2, 13, -3), event(3, null, 3.4)], [12], text);
    expect(markers).toEqual([
      {
        id: 'alarm-1',
        time: Date.parse('2025-07-01T10:00:00Z') / 1000,
        label: 'swarm · Volk 12',
        kind: 'alarm',
        detail: 'swarm · Volk 12 · 10:00 · -2.4 kg',
      },
    ]);
  });

  it('leaves the weight change out when the event has none', () => {
    const [marker] = alarmMarkers([event(1, 12, null)], [12], text);
    expect(marker?.detail).toBe('swarm · Volk 12 · 10:00');
  });
});
