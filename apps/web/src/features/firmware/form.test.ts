import { describe, expect, it } from 'vitest';
import { checkUpload, formatBytes, shortSha, type UploadValues } from './form';

/** The upload form's rules: nothing is sent unless the version is valid and the file neither empty nor too large. */
const file = (bytes: number, name = 'hive-1.5.0.bin') => new File([new Uint8Array(bytes)], name);
const values = (change: Partial<UploadValues> = {}): UploadValues => ({
  version: '1.5.0',
  name: '',
  file: file(1000),
  ...change,
});
const MAX = 2048;

describe('checkUpload', () => {
  it('passes a valid version and file through, trimmed, without an empty name', () => {
    const checked = checkUpload(values({ version: ' 2.0.1-rc1 ' }), MAX, 'en');
    expect(checked).toMatchObject({ version: '2.0.1-rc1' });
    expect('name' in checked).toBe(false);
    expect(checkUpload(values({ name: ' Spring build ' }), MAX, 'en')).toMatchObject({
      name: 'Spring build',
    });
  });

  it('refuses an invalid version with the contract’s message', () => {
    for (const version of ['', 'abc', '1', '1.2.3.4.5', '1.5 beta', '../1.5']) {
      expect(checkUpload(values({ version }), MAX, 'en'), version).toEqual({
        errors: { version: { key: 'errors:firmwareVersionInvalid' } },
      });
    }
  });

  it('refuses a missing, an empty and a too large file; a file of exactly the limit is fine', () => {
    expect(checkUpload(values({ file: null }), MAX, 'en')).toEqual({
      errors: { file: { key: 'errors:firmwareFileMissing' } },
    });
    expect(checkUpload(values({ file: file(0) }), MAX, 'en')).toEqual({
      errors: { file: { key: 'errors:firmwareEmpty' } },
    });
    expect(checkUpload(values({ file: file(MAX + 1) }), MAX, 'en')).toEqual({
      errors: { file: { key: 'errors:firmwareTooLarge', values: { max: '2 KiB' } } },
    });
    expect(checkUpload(values({ file: file(MAX) }), MAX, 'en')).toMatchObject({ version: '1.5.0' });
  });

  it('reports the version and the file together', () => {
    expect(checkUpload(values({ version: 'x', file: file(0) }), MAX, 'en')).toEqual({
      errors: {
        version: { key: 'errors:firmwareVersionInvalid' },
        file: { key: 'errors:firmwareEmpty' },
      },
    });
  });
});

describe('formatBytes and shortSha', () => {
  it('formats sizes in binary units in the UI language, as the server states its limit', () => {
    expect(formatBytes(812, 'en')).toBe('812 B');
    expect(formatBytes(3000, 'en')).toBe('2.9 KiB');
    expect(formatBytes(1536 * 1024, 'de')).toBe('1,5 MiB');
    expect(formatBytes(8 * 1024 * 1024, 'en')).toBe('8 MiB');
    expect(formatBytes(250 * 1024, 'en')).toBe('250 KiB');
  });

  it('shortens a SHA-256 to its first 12 characters', () => {
    expect(shortSha('ab'.repeat(32))).toBe('abababababab');
  });
});
