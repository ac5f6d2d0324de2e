import { describe, expect, it } from 'vitest';
import { claimReload, forgetReload } from './lazy';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('chunk reload bookkeeping', () => {
  it('reloads once per chunk', () => {
    const storage = memoryStorage();
    expect(claimReload('dashboard', storage)).toBe(true);
    expect(claimReload('dashboard', storage)).toBe(false);
    expect(claimReload('settings', storage)).toBe(true);
  });

  it('allows a new reload after the chunk loaded fine', () => {
    const storage = memoryStorage();
    claimReload('dashboard', storage);
    forgetReload('dashboard', storage);
    expect(claimReload('dashboard', storage)).toBe(true);
  });

  it('survives garbage in storage', () => {
    const storage = memoryStorage();
    storage.setItem('hivescope:reloadedChunks', '{not json');
    expect(claimReload('x', storage)).toBe(true);
  });
});
