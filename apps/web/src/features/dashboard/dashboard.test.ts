import { describe, expect, it } from 'vitest';
import type { Controller, MidnightValues, Scale } from '@hivescope/contract';
import { dashboardModeChanged, initialSettingsState, settingsReducer } from '../../app/store/settingsSlice';
import {
  barPercent,
  batteryColor,
  changeDirection,
  maxNetWeight,
  midnightWeight,
  netWeight,
  signalBars,
  subscriptionBadge,
  tileValues,
  toDashboardMode,
  todayChange,
  visibleScales,
} from './dashboard';

function scale(overrides: Partial<Scale> = {}): Scale {
  return {
    idscale: 1,
    controllerId: 9,
    name: 'Volk 1',
    type: 'weight',
    channel: 1,
    visible: true,
    isBrood: false,
    emptyWeight: 20,
    reserves: 5,
    total: 25,
    state: 'active',
    setupAt: '2026-01-01T00:00:00Z',
    archivedAt: null,
    weight: 42.35,
    weightTime: '2026-05-01T09:00:00Z',
    temperature: null,
    humidity: null,
    net: 17.35,
    ...overrides,
  };
}

describe('today’s change', () => {
  it('is current minus the midnight weight, rounded to grams', () => {
    expect(todayChange(42.35, 41.2)).toBe(1.15);
    expect(todayChange(40.1, 41.2)).toBe(-1.1);
  });
  it('is unknown without either value', () => {
    expect(todayChange(null, 41)).toBeNull();
    expect(todayChange(41, null)).toBeNull();
    expect(todayChange(undefined, undefined)).toBeNull();
  });
  it('has a direction with a small dead band', () => {
    expect(changeDirection(1.15)).toBe('up');
    expect(changeDirection(-0.3)).toBe('down');
    expect(changeDirection(0.02)).toBe('flat');
    expect(changeDirection(null)).toBe('none');
  });
  it('is computed for weight scales only', () => {
    expect(tileValues(scale(), 41.2)).toEqual({ weight: 42.35, change: 1.15, direction: 'up', net: 17.35 });
    expect(tileValues(scale({ type: 'sensor', weight: 3 }), 1).change).toBeNull();
  });
});

describe('net weight', () => {
  it('uses the server’s net when present', () => {
    expect(netWeight(scale({ net: 10 }))).toBe(10);
  });
  it('is total − empty − reserves otherwise', () => {
    expect(netWeight(scale({ net: null, weight: 42.35, emptyWeight: 20.1, reserves: 5.05 }))).toBe(17.2);
    expect(netWeight(scale({ net: null, weight: null }))).toBeNull();
  });
});

describe('bars', () => {
  it('scale to the largest net weight of weight scales (at least 1 kg)', () => {
    const scales = [scale({ net: 10 }), scale({ net: 40 }), scale({ type: 'sensor', net: 500 })];
    expect(maxNetWeight(scales)).toBe(40);
    expect(maxNetWeight([])).toBe(1);
    expect(barPercent(10, 40)).toBe(25);
    expect(barPercent(80, 40)).toBe(100);
    expect(barPercent(-3, 40)).toBe(0);
    expect(barPercent(null, 40)).toBe(0);
  });
});

describe('controller header', () => {
  it('picks the subscription badge', () => {
    expect(subscriptionBadge('active')).toEqual({ color: 'green', labelKey: 'subscription.active' });
    expect(subscriptionBadge('expiringSoon')).toEqual({
      color: 'yellow',
      labelKey: 'subscription.expiringSoon',
    });
    expect(subscriptionBadge('expired')).toEqual({ color: 'red', labelKey: 'subscription.expired' });
  });
  it('turns dBm into signal bars', () => {
    expect(signalBars(-60)).toBe(4);
    expect(signalBars(-77)).toBe(3);
    expect(signalBars(-95)).toBe(2);
    expect(signalBars(-105)).toBe(1);
    expect(signalBars(-120)).toBe(0);
    expect(signalBars(null)).toBeNull();
  });
  it('colours the battery voltage', () => {
    expect(batteryColor(3.91)).toBe('green');
    expect(batteryColor(3.6)).toBe('yellow');
    expect(batteryColor(3.3)).toBe('red');
    expect(batteryColor(null)).toBe('gray');
  });
});

describe('scales shown', () => {
  it('hides invisible scales and sorts by channel', () => {
    const controller = {
      scales: [
        scale({ idscale: 3, channel: 5 }),
        scale({ idscale: 2, channel: 2, visible: false }),
        scale({ channel: 1 }),
      ],
    } as Pick<Controller, 'scales'>;
    expect(visibleScales(controller).map((s) => s.idscale)).toEqual([1, 3]);
  });
  it('finds a scale’s midnight weight', () => {
    const values: MidnightValues = {
      controllerId: 9,
      fetching: false,
      midnight: '2026-04-30T22:00:00Z',
      timeZone: 'Europe/Zurich',
      scales: [{ idscale: 1, channel: 1, weight: 41.2, time: '2026-04-30T21:00:00Z' }],
    };
    expect(midnightWeight(values, 1)).toBe(41.2);
    expect(midnightWeight(values, 2)).toBeNull();
    expect(midnightWeight(undefined, 1)).toBeNull();
  });
});

describe('tile mode', () => {
  it('is stored in the settings and survives only known values', () => {
    const state = settingsReducer(initialSettingsState, dashboardModeChanged('bars'));
    expect(state.dashboardMode).toBe('bars');
    expect(initialSettingsState.dashboardMode).toBe('classic');
    expect(toDashboardMode('activity')).toBe('activity');
    expect(toDashboardMode('fancy')).toBe('classic');
    expect(toDashboardMode(undefined)).toBe('classic');
  });
});
