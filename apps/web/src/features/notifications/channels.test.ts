import { describe, expect, it } from 'vitest';
import { notificationChannelCreateSchema } from '@hivescope/contract';
import { toChannelAddress } from './channels';

describe('toChannelAddress', () => {
  it('writes a mobile number typed with separators in the form the contract accepts', () => {
    const typed = ['+41 79 123 45 67', '+41-79-123-45-67', '0041 (79) 123.45.67'];
    for (const t of typed) {
      const address = toChannelAddress('sms', t);
      expect(address).toBe('+41791234567');
      expect(notificationChannelCreateSchema.safeParse({ type: 'sms', address }).success).toBe(true);
    }
  });

  it('leaves a national number without country code invalid (the form shows "invalid mobile number")', () => {
    const parsed = notificationChannelCreateSchema.safeParse({
      type: 'sms',
      address: toChannelAddress('sms', '079 123 45 67'),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('errors:invalidPhone');
  });

  it('only trims an e-mail address', () => {
    expect(toChannelAddress('email', '  maja@example.org ')).toBe('maja@example.org');
  });
});
