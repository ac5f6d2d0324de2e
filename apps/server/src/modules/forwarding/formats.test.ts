import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forwardingPayloadSchema, gsm7Length, isGsm7 } from '@hivescope/contract';
import { csvFile, csvFileName, jsonPayload, signature, smsStyleText, SMS_STYLE_MAX } from './formats';
import { ftpTarget } from './targets';

/** The forwarding formats as docs/forwarding.md documents them. */
const source = { controllerId: 17, controllerName: 'Stand Moos', channel: 1 };
const reading = { time: new Date('2026-05-01T09:45:00Z'), weight: 42.35, temperature: 11.46, humidity: 61.2 };

describe('forwarding formats', () => {
  it('SMS-style text: fixed fields, then the name; missing values left out', () => {
    expect(smsStyleText(source, reading)).toBe(
      'HIVESCOPE 17/1 2026-05-01T09:45Z W=42.35kg T=11.5C H=61% Stand Moos',
    );
    expect(smsStyleText(source, { ...reading, temperature: null, humidity: null })).toBe(
      'HIVESCOPE 17/1 2026-05-01T09:45Z W=42.35kg Stand Moos',
    );
  });

  it('SMS-style text stays one SMS of GSM-7 characters whatever the name', () => {
    const long = { ...source, controllerName: 'Bienenstand «Unterer Hang» – Ost 🐝 '.repeat(8) };
    const text = smsStyleText(long, reading);
    expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_STYLE_MAX);
    expect(isGsm7(text)).toBe(true);
    expect(
      text.startsWith('HIVESCOPE 17/1 2026-05-01T09:45Z W=42.35kg T=11.5C H=61% Bienenstand "Unterer'),
    ).toBe(true);
  });

  it('JSON body matches the contract schema; the signature is the hex HMAC-SHA256 of the raw body', () => {
    const body = jsonPayload(
      source,
      { id: 5, reportAt: reading.time },
      [reading],
      new Date('2026-05-01T09:46:00Z'),
    );
    expect(forwardingPayloadSchema.parse(JSON.parse(body))).toEqual({
      version: 1,
      deliveryId: 5,
      sentAt: '2026-05-01T09:46:00.000Z',
      controller: { id: 17, name: 'Stand Moos' },
      channel: 1,
      reportAt: '2026-05-01T09:45:00.000Z',
      readings: [{ time: '2026-05-01T09:45:00.000Z', weight: 42.35, temperature: 11.46, humidity: 61.2 }],
    });
    const expected = crypto.createHmac('sha256', 'key-1').update(body).digest('hex');
    expect(signature('key-1', body)).toBe(`sha256=${expected}`);
    expect(signature('key-2', body)).not.toBe(`sha256=${expected}`);
  });

  it('CSV file: header, one row per reading, CRLF; file name by controller, channel and UTC time', () => {
    expect(csvFile(source, [reading])).toBe(
      'controller_id,controller_name,channel,time,weight_kg,temperature_c,humidity_percent\r\n' +
        '17,Stand Moos,1,2026-05-01T09:45:00.000Z,42.35,11.46,61.2\r\n',
    );
    expect(csvFileName(source, reading.time)).toBe('17-1-20260501T094500Z.csv');
    expect(csvFileName(source, new Date('2026-05-01T09:45:00.250Z'))).toBe('17-1-20260501T094500.250Z.csv');
  });

  it('an FTP target shows user, host, port and directory, never a password; ftpes:// with TLS', () => {
    expect(
      ftpTarget({ host: 'ftp.example.org', port: 21, user: 'a b', directory: '/in', secure: false }),
    ).toBe('ftp://a%20b@ftp.example.org:21/in');
    expect(ftpTarget({ host: '2001:db8::1', port: 990, user: 'u', directory: '', secure: true })).toBe(
      'ftpes://u@[2001:db8::1]:990/',
    );
  });
});
