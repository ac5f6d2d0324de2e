import { describe, expect, it } from 'vitest';
import { formatWatchCode, parseWatchCode } from './watchCode';

describe('watch codes', () => {
  it('are shown in groups of five', () => {
    expect(formatWatchCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
    expect(formatWatchCode('ABC')).toBe('ABC');
    expect(formatWatchCode('')).toBe('');
  });

  it('are read loosely: spaces and hyphens dropped, upper-cased', () => {
    expect(parseWatchCode(' abcde-fghjk ')).toEqual({ code: 'ABCDEFGHJK' });
    expect(parseWatchCode('ABCDE FGHJK')).toEqual({ code: 'ABCDEFGHJK' });
  });

  it('report an empty code as required and a malformed one as not found', () => {
    expect(parseWatchCode('  ')).toEqual({ error: 'errors:fieldRequired' });
    expect(parseWatchCode('AB')).toEqual({ error: 'errors:transmitterNotFound' });
    expect(parseWatchCode('ABCD!EFG')).toEqual({ error: 'errors:transmitterNotFound' });
  });
});
