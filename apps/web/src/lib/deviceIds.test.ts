import { describe, expect, it } from 'vitest';
import { normaliseDigits } from './deviceIds';

const IMSI = '228011234567890';
const IMEI = '356938035643809';

describe('IMSI/IMEI input', () => {
  it('drops spaces, hyphens, dots and slashes but keeps anything else for the validation to report', () => {
    expect(normaliseDigits(' 2280 1123-4567.890 ')).toBe(IMSI);
    expect(normaliseDigits('35693803/5643809')).toBe(IMEI);
    expect(normaliseDigits('12a4')).toBe('12a4');
  });
});
