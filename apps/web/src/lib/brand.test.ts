import { describe, expect, it } from 'vitest';
import { BRAND_CONFIGS, effectiveBrand, isBrandId } from './brand';

describe('brand', () => {
  it('uses the server brand, the override only on localhost', () => {
    expect(effectiveBrand(2, null, false)).toBe(2);
    expect(effectiveBrand(1, 2, false)).toBe(1);
    expect(effectiveBrand(1, 2, true)).toBe(2);
    expect(effectiveBrand(undefined, null, false)).toBe(1);
  });

  it('has a forum link on the beekeeping brand only', () => {
    expect(BRAND_CONFIGS[1].forumUrl).toBeTruthy();
    expect(BRAND_CONFIGS[2].forumUrl).toBeNull();
    expect(isBrandId(2)).toBe(true);
    expect(isBrandId(3)).toBe(false);
  });
});
