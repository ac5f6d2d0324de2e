import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyServerFields, confirmedPasswords, plainPassword, zodResolver } from '../../../lib/form';
import { PasswordField } from '../../../components/ui/PasswordField';
import { hashPasswords } from '../../../lib/hash';
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
      setNewPassword({ token, ...(await hashPasswords(values, ['password', 'passwordConfirmation'])) }),
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
        <PasswordField
          purpose="new"
          label={t('password:newPassword')}
          testId="password-reset-new"
          {...form.getInputProps('password')}
        />
        <PasswordField
          purpose="new"
          label={t('password:newPasswordConfirmation')}
          testId="password-reset-confirmation"
          {...form.getInputProps('passwordConfirmation')}
        />
        <Button type="submit" loading={mutation.isPending} data-testid="password-reset-submit">
          {t('password:setPassword')}
        </Button>
      </Stack>
    </form>
  );
}
