import { describe, expect, it } from 'vitest';
import { initialCreateValues, toCreateBody, validateCreate } from './createForm';
import { datePart, editValuesFromRow, toUpdateBody, validateEdit, withDatePart } from './editForm';
import { deviceReportExample } from './deviceExample';
import { adminRow } from './fixtures.test-utils';

const t = (key: string) => `T(${key})`;

describe('create form', () => {
  const valid = { ...initialCreateValues, name: ' Neu ', imsi: '2280 1123 4567 890', lat: 47.1, lng: 8.2 };

  it('builds the POST admin/controller body; an empty IMEI is left out', () => {
    expect(toCreateBody(valid)).toEqual({
      name: 'Neu',
      location: { lat: 47.1, lng: 8.2 },
      updateInterval: 1,
      imsi: '228011234567890',
    });
    expect(toCreateBody({ ...valid, imei: '356938035643809', lat: '', lng: '' })).toMatchObject({
      location: null,
      imei: '356938035643809',
    });
  });

  it('validates with the contract', () => {
    expect(validateCreate(valid, t)).toEqual({});
    expect(validateCreate({ ...initialCreateValues, imei: '12' }, t)).toEqual({
      name: 'T(errors:fieldRequired)',
      imsi: 'T(errors:imsiDigits)',
      imei: 'T(errors:imeiDigits)',
    });
    expect(validateCreate({ ...valid, lng: '' }, t)).toEqual({ location: 'T(errors:invalidLocation)' });
  });
});

describe('edit form', () => {
  const row = adminRow();

  it('moves a date to another day keeping the time of day (UTC)', () => {
    expect(datePart(row.subscriptionEnd)).toBe('2027-03-15');
    expect(withDatePart(row.subscriptionEnd, '2028-01-31')).toBe('2028-01-31T10:30:00.000Z');
    expect(withDatePart(row.subscriptionEnd, '')).toBe('');
  });

  it('sends nothing when nothing changed', () => {
    expect(toUpdateBody(row, editValuesFromRow(row))).toEqual({});
  });

  it('sends only the changed fields; emptied optional fields become null', () => {
    const values = {
      ...editValuesFromRow(row),
      name: 'Neuer Name',
      updateInterval: '6',
      imei: '',
      subscriptionEnd: '2029-12-31',
      desiredFirmware: ' 1.5.0 ',
      ownerEmail: '',
      lat: 46.9,
    };
    expect(toUpdateBody(row, values)).toEqual({
      name: 'Neuer Name',
      updateInterval: 6,
      imei: null,
      subscriptionEnd: '2029-12-31T10:30:00.000Z',
      desiredFirmware: '1.5.0',
      ownerEmail: null,
      location: { lat: 46.9, lng: 8.54 },
    });
  });

  it('validates the changed fields', () => {
    const values = { ...editValuesFromRow(row), name: '', imsi: '1', subscriptionEnd: '' };
    expect(validateEdit(row, values, t)).toEqual({
      name: 'T(errors:fieldRequired)',
      imsi: 'T(errors:imsiDigits)',
      subscriptionEnd: 'T(errors:invalidDate)',
    });
  });
});

describe('device report example', () => {
  it('is a curl command against the report endpoint with the token', () => {
    const text = deviceReportExample('https://hive.example.org/', 'tok123', '228011234567890');
    expect(text).toContain('curl -X POST https://hive.example.org/api/device/v1/report');
    expect(text).toContain('Authorization: Bearer tok123');
    const json = /-d '(.*)'$/m.exec(text)?.[1] ?? '';
    expect(JSON.parse(json)).toMatchObject({
      imsi: '228011234567890',
      readings: [{ channels: [{ channel: 1 }] }],
    });
  });
});
