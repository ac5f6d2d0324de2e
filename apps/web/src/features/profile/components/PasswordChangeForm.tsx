import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmedPasswords, plainPassword, zodResolver, applyServerFields } from '../../../lib/form';
import { sha256Hex } from '../../../lib/hash';
import { changePassword } from '../api';

const schema = confirmedPasswords(
  { currentPassword: plainPassword, newPassword: plainPassword, newPasswordConfirmation: plainPassword },
  'newPassword',
  'newPasswordConfirmation',
);
type Values = { currentPassword: string; newPassword: string; newPasswordConfirmation: string };

/** Current, new and repeated password; all three are sent as SHA-256 digests. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { currentPassword: '', newPassword: '', newPasswordConfirmation: '' },
    validate: zodResolver(schema, t),
  });
  const mutation = useMutation({
    mutationFn: async (values: Values) =>
      changePassword({
        currentPassword: await sha256Hex(values.currentPassword),
        newPassword: await sha256Hex(values.newPassword),
        newPasswordConfirmation: await sha256Hex(values.newPasswordConfirmation),
      }),
    onSuccess: () => form.reset(),
    onError: (error) => applyServerFields(error, form.setErrors),
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      noValidate
      data-testid="password-change-form"
    >
      <Stack>
        <PasswordInput
          label={t('password:currentPassword')}
          autoComplete="current-password"
          data-testid="password-change-current"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={t('password:newPassword')}
          autoComplete="new-password"
          data-testid="password-change-new"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('password:newPasswordConfirmation')}
          autoComplete="new-password"
          data-testid="password-change-confirmation"
          {...form.getInputProps('newPasswordConfirmation')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="password-change-submit">
            {t('password:change')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
