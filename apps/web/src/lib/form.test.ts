import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { profileSchema } from '@hivescope/contract';
import { confirmedPasswords, plainPassword, requiredEmail, zodResolver } from './form';

const t = (key: string) => `t(${key})`;

describe('zodResolver', () => {
  it('translates contract keys and maps other issues to "field required"', () => {
    const schema = z.object({ email: requiredEmail, profile: profileSchema });
    const errors = zodResolver(schema, t)({ email: 'nope', profile: { firstName: '', country: 'CH' } });
    expect(errors.email).toBe('t(errors:invalidEmail)');
    expect(errors['profile.firstName']).toBe('t(errors:fieldRequired)');
    expect(errors['profile.street']).toBe('t(errors:fieldRequired)');
  });

  it('says "field required" for an empty email', () => {
    expect(zodResolver(z.object({ email: requiredEmail }), t)({ email: '  ' }).email).toBe(
      't(errors:fieldRequired)',
    );
  });

  it('checks the password confirmation', () => {
    const schema = confirmedPasswords(
      { password: plainPassword, confirmation: plainPassword },
      'password',
      'confirmation',
    );
    expect(zodResolver(schema, t)({ password: 'a', confirmation: 'b' })).toEqual({
      confirmation: 't(errors:passwordsDontMatch)',
    });
    expect(zodResolver(schema, t)({ password: 'a', confirmation: 'a' })).toEqual({});
  });

  it('reports the mismatch while other fields are still invalid', () => {
    const schema = confirmedPasswords(
      { email: requiredEmail, password: plainPassword, confirmation: plainPassword },
      'password',
      'confirmation',
    );
    expect(zodResolver(schema, t)({ email: '', password: 'a', confirmation: 'b' })).toEqual({
      email: 't(errors:fieldRequired)',
      confirmation: 't(errors:passwordsDontMatch)',
    });
  });
});
