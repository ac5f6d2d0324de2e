import { describe, expect, it } from 'vitest';
import { eventText } from './event-text';
import type { EventRow } from './notifications.repository';

const row = (over: Partial<EventRow>): EventRow => ({
  id: 1,
  controllerId: 2,
  controllerName: 'Stand A',
  timeZone: 'Europe/Zurich',
  channel: 1,
  scaleId: 3,
  scaleName: 'Volk 1',
  type: 'swarm',
  time: new Date('2025-05-12T12:35:00Z'),
  detectedAt: new Date('2025-05-12T12:50:00Z'),
  delta: -2.4,
  seen: null,
  delivery: 'sent',
  ownerId: 4,
  answer: null,
  ...over,
});

describe('the app says what an alarm saw (docs/alarms.md "Explanations")', () => {
  it('a swarm: its line, then how long the loss took against the hive’s usual change at that hour', () => {
    const text = eventText('en', row({ seen: { minutes: 30, usual: 0.1, spread: 0.05 } }));
    expect(text).toBe(
      'Volk 1 lost 2.4 kg within minutes: a swarm may have left. It took 30 min; at this time of day this hive usually changes by +0.1 kg, give or take 0.1 kg.',
    );
  });

  it('a disturbance on a young scale says its history is too short; French and German say it in their words', () => {
    const seen = { minutes: 15, usual: null, spread: null };
    expect(eventText('fr', row({ type: 'disturbance', delta: 6.3, seen }))).toContain(
      "Cela a pris 15 min ; l'historique de cette balance est encore trop court",
    );
    expect(eventText('de', row({ seen: { minutes: 20, usual: -0.3, spread: 0.2 } }))).toContain(
      'Das dauerte 20 min; zu dieser Tageszeit ändert sich dieses Volk üblicherweise um -0,3 kg',
    );
  });

  it('events without it (older ones, device alarms) keep their one line', () => {
    expect(eventText('en', row({}))).toBe('Volk 1 lost 2.4 kg within minutes: a swarm may have left.');
    expect(eventText('en', row({ type: 'battery', delta: 3.41, scaleId: null, scaleName: null }))).toBe(
      'The battery of Stand A is low (3.41 V).',
    );
  });
});
