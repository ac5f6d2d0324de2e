import { PasswordInput, type PasswordInputProps } from '@mantine/core';

type Props = Omit<PasswordInputProps, 'autoComplete'> & {
  /** `current`: the browser offers the saved password; `new`: it may suggest a generated one. */
  purpose: 'current' | 'new';
  testId: string;
};

/**
 * A typed password (login, registration, reset, change). The value stays in the form; it is sent only
 * as its SHA-256 digest (lib/hash `hashPasswords`).
 */
export function PasswordField({ purpose, testId, ...props }: Props) {
  return (
    <PasswordInput
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      data-testid={testId}
      {...props}
    />
  );
}
