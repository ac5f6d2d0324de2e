import { describe, expect, it } from 'vitest';
import { canRenew, formatRenewalCode } from './renewal';

describe('renewal code field', () => {
  it('groups what is typed or pasted as XXXX-XXXX-XXXX-XXXX in upper case, 16 characters at most', () => {
    expect(formatRenewalCode('k7qd')).toBe('K7QD');
    expect(formatRenewalCode('k7qd4')).toBe('K7QD-4');
    expect(formatRenewalCode(' k7qd 4mxz-92ht_pwae ')).toBe('K7QD-4MXZ-92HT-PWAE');
    expect(formatRenewalCode('K7QD-4MXZ-92HT-PWAE-EXTRA')).toBe('K7QD-4MXZ-92HT-PWAE');
    expect(formatRenewalCode('--')).toBe('');
  });

  it('is offered to the owner only', () => {
    expect(canRenew({ owner: { userId: 3, email: 'a@b.ch' } }, 3)).toBe(true);
    expect(canRenew({ owner: { userId: 3, email: 'a@b.ch' } }, 4)).toBe(false);
    expect(canRenew({ owner: null }, 3)).toBe(false);
    expect(canRenew({ owner: { userId: 3, email: 'a@b.ch' } }, undefined)).toBe(false);
  });
});
