import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyServerFields, confirmedPasswords, plainPassword, zodResolver } from '../../../lib/form';
import { sha256Hex } from '../../../lib/hash';
import { setNewPassword } from '../api';

const schema = confirmedPasswords(
  { password: plainPassword, passwordConfirmation: plainPassword },
  'password',
  'passwordConfirmation',
);
type Values = { password: string; passwordConfirmation: string };

/** New password + confirmation for a reset token; both sent as SHA-256 digests. */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: zodResolver(schema, t),
  });
  const mutation = useMutation({
    mutationFn: async (values: Values) =>
      setNewPassword({
        token,
        password: await sha256Hex(values.password),
        passwordConfirmation: await sha256Hex(values.passwordConfirmation),
      }),
    onSuccess: onDone,
    onError: (error) => applyServerFields(error, form.setErrors),
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      noValidate
      data-testid="password-reset-form"
    >
      <Stack>
        <PasswordInput
          label={t('password:newPassword')}
          autoComplete="new-password"
          data-testid="password-reset-new"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('password:newPasswordConfirmation')}
          autoComplete="new-password"
          data-testid="password-reset-confirmation"
          {...form.getInputProps('passwordConfirmation')}
        />
        <Button type="submit" loading={mutation.isPending} data-testid="password-reset-submit">
          {t('password:setPassword')}
        </Button>
      </Stack>
    </form>
  );
}
