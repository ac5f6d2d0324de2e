import { describe, expect, it } from 'vitest';
import { channelConfigSchema, controllerRegistrationSchema } from '@hivescope/contract';
import { emptyChannelRows, toChannelSetup, toKg, usedLoadCells, type ChannelRow } from './channelSetup';

function rows(changes: Record<number, Partial<ChannelRow>>): ChannelRow[] {
  return emptyChannelRows().map((row) => ({ ...row, ...changes[row.channel] }));
}

describe('channel setup', () => {
  it('starts with 8 empty channels numbered 1…8', () => {
    const empty = emptyChannelRows();
    expect(empty.map((r) => r.channel)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(empty.every((r) => r.kind === 'none')).toBe(true);
    expect(toChannelSetup(empty)).toEqual({ channelConfig: [], channels: [] });
  });

  it('turns scales and sensors into the load-cell configuration and one scale per used channel', () => {
    const setup = toChannelSetup(
      rows({
        1: { kind: 'weight', cells: 4, name: ' Volk 1 ', emptyWeight: 12.5, reserves: '3,5', isBrood: true },
        3: { kind: 'sensor', name: 'Stock', emptyWeight: 99, isBrood: true },
        5: { kind: 'weight', cells: 2, name: 'Volk 2' },
      }),
    );
    expect(setup.channelConfig).toEqual([
      { channel: 1, kind: 'weight', cells: 4 },
      { channel: 3, kind: 'sensor' },
      { channel: 5, kind: 'weight', cells: 2 },
    ]);
    expect(setup.channels).toEqual([
      {
        channel: 1,
        name: 'Volk 1',
        type: 'weight',
        isBrood: true,
        visible: true,
        emptyWeight: 12.5,
        reserves: 3.5,
      },
      {
        channel: 3,
        name: 'Stock',
        type: 'sensor',
        isBrood: false,
        visible: true,
        emptyWeight: 0,
        reserves: 0,
      },
      {
        channel: 5,
        name: 'Volk 2',
        type: 'weight',
        isBrood: false,
        visible: true,
        emptyWeight: 0,
        reserves: 0,
      },
    ]);
    expect(channelConfigSchema.safeParse(setup.channelConfig).success).toBe(true);
    expect(
      controllerRegistrationSchema.safeParse({ imsi: '1'.repeat(15), imei: '2'.repeat(15), ...setup })
        .success,
    ).toBe(true);
  });

  it('counts load cells; more than 8 is refused by the contract', () => {
    const tooMany = rows({
      1: { kind: 'weight', cells: 4, name: 'a' },
      2: { kind: 'weight', cells: 4, name: 'b' },
      3: { kind: 'weight', cells: 1, name: 'c' },
    });
    expect(usedLoadCells(tooMany)).toBe(9);
    const result = channelConfigSchema.safeParse(toChannelSetup(tooMany).channelConfig);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('errors:tooManyLoadCells');
  });

  it('reads kg inputs: empty is 0, a decimal comma is accepted, garbage stays NaN for the validation', () => {
    expect(toKg('')).toBe(0);
    expect(toKg(' 2,25 ')).toBe(2.25);
    expect(toKg(7)).toBe(7);
    expect(toKg('abc')).toBeNaN();
  });
});
