import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema } from '@hivescope/contract';
import { normaliseEmail, validateLogin } from './validate';

describe('login form rules', () => {
  it('asks for both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'fieldRequired',
      password: 'fieldRequired',
    });
    expect(validateLogin({ email: '   ', password: 'x' })).toEqual({ email: 'fieldRequired' });
  });

  it('refuses a malformed email and accepts a good one (spaces and capitals do not matter)', () => {
    expect(validateLogin({ email: 'anna@', password: 'x' })).toEqual({ email: 'invalidEmail' });
    expect(validateLogin({ email: 'anna example.org', password: 'x' })).toEqual({ email: 'invalidEmail' });
    expect(validateLogin({ email: '  Anna@Example.ORG ', password: 'x' })).toEqual({});
    expect(normaliseEmail('  Anna@Example.ORG ')).toBe('anna@example.org');
  });

  it('does not trim the password (a space is a character of it)', () => {
    expect(validateLogin({ email: 'anna@example.org', password: ' ' })).toEqual({});
  });

  it("agrees with the contract's email schema, which the server applies", () => {
    const samples = [
      'anna@example.org',
      'a.b+c@sub.example.ch',
      "o'neil@example.com",
      'anna@localhost',
      'anna..b@example.org',
      '.anna@example.org',
      'anna@example.o',
      'anna@-example.org',
      `${'a'.repeat(250)}@example.org`,
      'ANNA@EXAMPLE.ORG',
    ];
    expect(samples.length).toBeGreaterThan(0);
    for (const email of samples) {
      const contract = z.string().trim().min(1).pipe(emailSchema).safeParse(email).success;
      expect(validateLogin({ email, password: 'x' }).email === undefined, email).toBe(contract);
    }
  });
});
