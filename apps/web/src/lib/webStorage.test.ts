import { describe, expect, it } from 'vitest';
import { memoryStore, webStorage } from './webStorage';

describe('webStorage: the app starts where the browser refuses storage (a share in a third-party iframe)', () => {
  it('hands out the browser storage when reading it works', () => {
    const real = memoryStore() as Storage;
    expect(webStorage('localStorage', () => real)).toBe(real);
  });

  it('falls back to one store in memory when the mere read of the storage throws a SecurityError', () => {
    const refuse = (): Storage => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    const first = webStorage('sessionStorage', refuse);
    first.setItem('k', 'v');
    const second = webStorage('sessionStorage', refuse);
    expect(second.getItem('k')).toBe('v');
    second.removeItem('k');
    expect(first.getItem('k')).toBeNull();
  });
});
