import { describe, expect, it } from 'vitest';
import { channelConfigSchema, loadCellCount } from './channel-config';
import { subscriptionState } from './controller';
import { scaleCreateSchema, splitChannelValue } from './scale';

const w = (channel: number, cells: 1 | 2 | 4, combinedWith?: number[]) => ({
  channel,
  kind: 'weight' as const,
  cells,
  ...(combinedWith ? { combinedWith } : {}),
});
const messages = (v: unknown) => channelConfigSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('channel configuration rules', () => {
  it('accepts groups of 1, 2 or 4 cells up to 8 cells, sensors and empty channels', () => {
    const ok = [
      w(1, 4),
      w(2, 2),
      w(3, 1),
      w(4, 1),
      { channel: 5, kind: 'sensor' },
      { channel: 6, kind: 'none' },
    ];
    expect(channelConfigSchema.parse(ok)).toHaveLength(6);
    expect(loadCellCount(channelConfigSchema.parse(ok))).toBe(8);
    expect(channelConfigSchema.parse([])).toEqual([]);
  });

  it('accepts combined groups of 2, 4, 6 and 8 channels', () => {
    for (const size of [2, 4, 6, 8]) {
      const group = Array.from({ length: size }, (_, i) => i + 1);
      const config = group.map((ch) =>
        w(
          ch,
          1,
          group.filter((o) => o !== ch),
        ),
      );
      expect(messages(config)).toEqual([]);
    }
  });

  it('rejects wrong group sizes, too many cells, duplicates and inconsistent combinations', () => {
    expect(messages([{ channel: 1, kind: 'weight', cells: 3 }])).toEqual(['errors:loadCellGroup']);
    expect(messages([{ channel: 1, kind: 'weight' }])).toEqual(['errors:loadCellGroup']);
    expect(messages([w(1, 4), w(2, 4), w(3, 1)])).toEqual(['errors:tooManyLoadCells']);
    expect(messages([w(1, 1), w(1, 2)])).toEqual(['errors:channelDuplicate']);
    expect(messages([{ channel: 1, kind: 'sensor', cells: 1 }])).toEqual(['errors:channelConfigInvalid']);
    expect(messages([w(1, 1, [2]), w(2, 1)])).toContain('errors:combinedChannels');
    expect(messages([w(1, 1, [2, 3]), w(2, 1, [1, 3]), w(3, 1, [1, 2])])).toContain(
      'errors:combinedChannels',
    );
    expect(messages([w(1, 1, [2]), { channel: 2, kind: 'sensor' }])).toContain('errors:combinedChannels');
    expect(messages([w(1, 1, [1, 2]), w(2, 1, [1])])).toContain('errors:combinedChannels');
    expect(messages([{ channel: 9, kind: 'none' }])).toEqual(['errors:channelRange']);
  });
});

describe('subscription state', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('is expired at or after the end, expiring soon within 30 days, else active', () => {
    expect(subscriptionState('2026-01-01T00:00:00Z', now)).toBe('expired');
    expect(subscriptionState('2026-01-30T23:59:59Z', now)).toBe('expiringSoon');
    expect(subscriptionState('2026-01-31T00:00:00Z', now)).toBe('active');
  });
});

describe('scale channel value', () => {
  it('splits "controller:channel" and validates the channel', () => {
    expect(splitChannelValue('12:3')).toEqual({ controllerId: 12, channelId: 3 });
    expect(splitChannelValue('12-3')).toBeNull();
    expect(scaleCreateSchema.parse({ channel: '12:3', name: 'A' })).toMatchObject({
      controllerId: 12,
      channelId: 3,
    });
    expect(scaleCreateSchema.safeParse({ channel: '12:9', name: 'A' }).success).toBe(false);
  });
});
