import { describe, expect, it } from 'vitest';
import { hostKind, navbarColor } from './host';

describe('navbar colour by host', () => {
  it('is light blue on localhost, light red on staging, white otherwise', () => {
    expect(hostKind('localhost')).toBe('local');
    expect(hostKind('127.0.0.1')).toBe('local');
    expect(hostKind('app.staging.hivescope.ch')).toBe('staging');
    expect(hostKind('hivescope.ch')).toBe('production');
    expect(navbarColor('localhost')).toBe('#d0ebff');
    expect(navbarColor('staging-app.example')).toBe('#ffe3e3');
    expect(navbarColor('hivescope.ch')).toBe('#ffffff');
  });
});
