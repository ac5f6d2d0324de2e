import { describe, expect, it } from 'vitest';
import type { ChannelConfig, Controller } from '@hivescope/contract';
import {
  configProblems,
  configToRows,
  hasProblems,
  rowsLoadCells,
  rowsToConfig,
  type ChannelConfigRow,
} from './channelConfigRows';
import {
  controllerFormValues,
  scaleFormValues,
  scaleTotal,
  toControllerUpdate,
  toNumber,
  toScaleCreate,
  validateControllerForm,
  validateScaleForm,
} from './forms';

const t = (key: string) => key;

describe('channel configuration rows', () => {
  const config: ChannelConfig = [
    { channel: 1, kind: 'weight', cells: 4 },
    { channel: 2, kind: 'weight', cells: 1, combinedWith: [4] },
    { channel: 3, kind: 'sensor' },
    { channel: 4, kind: 'weight', cells: 1, combinedWith: [2] },
  ];

  it('shows combined channels as a group letter and round-trips', () => {
    const rows = configToRows(config);
    expect(rows).toHaveLength(8);
    expect(rows[1]).toEqual({ channel: 2, kind: 'weight', cells: 1, group: 'A' });
    expect(rows[3]?.group).toBe('A');
    expect(rows[4]).toEqual({ channel: 5, kind: 'none', cells: 1, group: null });
    expect(rowsToConfig(rows)).toEqual(config);
    expect(rowsLoadCells(rows)).toBe(6);
    expect(hasProblems(configProblems(rows))).toBe(false);
  });

  it('reports too many load cells', () => {
    const rows = configToRows(config).map((r): ChannelConfigRow =>
      r.channel === 5 ? { ...r, kind: 'weight', cells: 4 } : r,
    );
    expect(configProblems(rows).general).toEqual(['errors:tooManyLoadCells']);
  });

  it('reports a combined group of the wrong size on its channels', () => {
    const rows = configToRows(config).map((r): ChannelConfigRow =>
      r.channel === 5 ? { ...r, kind: 'weight', cells: 1, group: 'A' } : r,
    );
    const problems = configProblems(rows);
    expect(problems.byChannel.get(2)).toBe('errors:combinedChannels');
    expect(problems.byChannel.get(5)).toBe('errors:combinedChannels');
  });

  it('reports a group letter used by one channel only', () => {
    const rows = configToRows([]).map((r): ChannelConfigRow =>
      r.channel === 1 ? { ...r, kind: 'weight', group: 'B' } : r,
    );
    expect(configProblems(rows).byChannel.get(1)).toBe('errors:combinedChannels');
  });
});

describe('controller form', () => {
  const controller = {
    name: 'Bienenhaus',
    location: { lat: 47.37, lng: 8.54 },
    updateInterval: 3,
    scaleGain: 200,
    signalFilter: false,
    displayOnPublicMap: true,
  } as Controller;

  it('turns the values into the POST controller/{id} body', () => {
    const values = controllerFormValues(controller);
    expect(values.updateInterval).toBe('3');
    expect(toControllerUpdate({ ...values, name: ' Neu ' })).toEqual({
      name: 'Neu',
      location: { lat: 47.37, lng: 8.54 },
      updateInterval: 3,
      scaleGain: 200,
      signalFilter: false,
      displayOnPublicMap: true,
    });
    expect(toControllerUpdate({ ...values, lat: '', lng: '' }).location).toBeNull();
  });

  it('validates with the contract and puts location errors on lat/lng', () => {
    const values = controllerFormValues(controller);
    expect(validateControllerForm(values, t)).toEqual({});
    expect(validateControllerForm({ ...values, scaleGain: 5 }, t)).toEqual({
      scaleGain: 'errors:scaleGainRange',
    });
    expect(validateControllerForm({ ...values, name: ' ' }, t)).toEqual({ name: 'errors:fieldRequired' });
    expect(validateControllerForm({ ...values, lat: 95 }, t)).toEqual({ lat: 'errors:invalidLocation' });
    expect(validateControllerForm({ ...values, lng: '' }, t)).toEqual({ lng: 'errors:invalidLocation' });
  });
});

describe('scale form', () => {
  it('computes the total from empty weight and reserves', () => {
    expect(scaleTotal({ emptyWeight: 20.1, reserves: 5.2 })).toBe(25.3);
    expect(scaleTotal({ emptyWeight: '', reserves: 5 })).toBeNull();
    expect(toNumber('12,5')).toBe(12.5);
  });

  it('creates on "controllerId:channel"', () => {
    const values = { ...scaleFormValues(undefined, 'sensor'), name: 'Klima' };
    expect(toScaleCreate(7, 3, values)).toEqual({
      channel: '7:3',
      name: 'Klima',
      type: 'sensor',
      isBrood: false,
      visible: true,
      emptyWeight: 0,
      reserves: 0,
    });
  });

  it('sends the history start only when it was changed, as an ISO time', () => {
    const values = { ...scaleFormValues(undefined, 'weight'), name: 'Volk', since: '2025-06-20T08:30' };
    expect(toScaleCreate(7, 1, values)).not.toHaveProperty('since');
    expect(toScaleCreate(7, 1, values, true).since).toBe(new Date(2025, 5, 20, 8, 30).toISOString());
  });

  it('refuses a history start in the future, before 2016 or not a time', () => {
    const now = new Date(2025, 6, 1, 12, 0);
    const values = { ...scaleFormValues(undefined, 'weight', now), name: 'Volk' };
    expect(values.since).toBe('2025-07-01T12:00');
    expect(validateScaleForm(values, t, true, now)).toEqual({});
    expect(validateScaleForm({ ...values, since: '2025-07-01T12:01' }, t, true, now)).toEqual({
      since: 'errors:sinceInFuture',
    });
    expect(validateScaleForm({ ...values, since: '2015-12-31T10:00' }, t, true, now)).toEqual({
      since: 'errors:invalidDate',
    });
    expect(validateScaleForm({ ...values, since: '' }, t, true, now)).toEqual({
      since: 'errors:invalidDate',
    });
    // editing has no history start
    expect(validateScaleForm({ ...scaleFormValues(), name: 'A', since: '' }, t, false)).toEqual({});
  });

  it('validates with the contract', () => {
    const values = scaleFormValues();
    expect(validateScaleForm(values, t, true)).toEqual({ name: 'errors:fieldRequired' });
    expect(validateScaleForm({ ...values, name: 'A', reserves: -1 }, t, false)).toEqual({
      reserves: 'errors:weightRange',
    });
  });
});
