import { describe, expect, it } from 'vitest';
import {
  bodyPathToFormPath,
  initialTransmitterValues,
  toRegistrationBody,
  validateTransmitterForm,
  type TransmitterFormValues,
} from './registrationForm';

const t = (key: string) => `T(${key})`;
const IMSI = '228011234567890';
const IMEI = '356938035643809';

function values(changes: Partial<TransmitterFormValues> = {}): TransmitterFormValues {
  return { ...initialTransmitterValues(), imsi: IMSI, imei: IMEI, ...changes };
}

describe('registration body', () => {
  it('sends only IMSI, IMEI and an empty channel list when nothing else is filled in', () => {
    expect(toRegistrationBody(values({ imsi: '2280 1123 4567 890' }))).toEqual({
      imsi: IMSI,
      imei: IMEI,
      channels: [],
    });
  });

  it('adds name, location, update interval and the channel setup when given', () => {
    const form = values({ name: ' Stand ', lat: 47.37, lng: '8.54', updateInterval: '3' });
    form.channels[1] = { ...form.channels[1]!, kind: 'weight', cells: 2, name: 'Volk' };
    expect(toRegistrationBody(form)).toEqual({
      imsi: IMSI,
      imei: IMEI,
      name: 'Stand',
      location: { lat: 47.37, lng: 8.54 },
      updateInterval: 3,
      channelConfig: [{ channel: 2, kind: 'weight', cells: 2 }],
      channels: [
        {
          channel: 2,
          name: 'Volk',
          type: 'weight',
          isBrood: false,
          visible: true,
          emptyWeight: 0,
          reserves: 0,
        },
      ],
    });
  });
});

describe('validation', () => {
  it('accepts a complete form', () => {
    expect(validateTransmitterForm(values(), t)).toEqual({});
  });

  it('reports IMSI/IMEI with the contract messages, translated', () => {
    expect(validateTransmitterForm(values({ imsi: '123', imei: '' }), t)).toEqual({
      imsi: 'T(errors:imsiDigits)',
      imei: 'T(errors:imeiDigits)',
    });
  });

  it('puts channel errors on the row of that channel', () => {
    const form = values();
    form.channels[1] = { ...form.channels[1]!, kind: 'sensor', name: 'ok' };
    form.channels[6] = { ...form.channels[6]!, kind: 'weight', cells: 4, name: ' ', reserves: -1 };
    expect(validateTransmitterForm(form, t)).toEqual({
      'channels.6.name': 'T(errors:fieldRequired)',
      'channels.6.reserves': 'T(errors:weightRange)',
    });
  });

  it('reports too many load cells on the setup as a whole', () => {
    const form = values();
    form.channels[0] = { ...form.channels[0]!, kind: 'weight', cells: 4, name: 'a' };
    form.channels[1] = { ...form.channels[1]!, kind: 'weight', cells: 4, name: 'b' };
    form.channels[2] = { ...form.channels[2]!, kind: 'weight', cells: 1, name: 'c' };
    expect(validateTransmitterForm(form, t)).toEqual({ channelSetup: 'T(errors:tooManyLoadCells)' });
  });

  it('reports a half-entered or out-of-range location', () => {
    expect(validateTransmitterForm(values({ lat: 47 }), t)).toEqual({
      location: 'T(errors:invalidLocation)',
    });
    expect(validateTransmitterForm(values({ lat: 95, lng: 8 }), t)).toEqual({
      location: 'T(errors:invalidLocation)',
    });
  });

  it('maps server field paths of the body onto the form rows', () => {
    const form = values();
    form.channels[4] = { ...form.channels[4]!, kind: 'sensor', name: 's' };
    const body = toRegistrationBody(form);
    expect(bodyPathToFormPath('channels.0.name', body)).toBe('channels.4.name');
    expect(bodyPathToFormPath('channelConfig.0.kind', body)).toBe('channels.4.kind');
    expect(bodyPathToFormPath('channelConfig', body)).toBe('channelSetup');
    expect(bodyPathToFormPath('location.lat', body)).toBe('location');
    expect(bodyPathToFormPath('imsi', body)).toBe('imsi');
  });
});
