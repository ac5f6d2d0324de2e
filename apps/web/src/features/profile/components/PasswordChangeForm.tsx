import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmedPasswords, plainPassword, zodResolver, applyServerFields } from '../../../lib/form';
import { PasswordField } from '../../../components/ui/PasswordField';
import { hashPasswords } from '../../../lib/hash';
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
      changePassword(
        await hashPasswords(values, ['currentPassword', 'newPassword', 'newPasswordConfirmation']),
      ),
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
        <PasswordField
          purpose="current"
          label={t('password:currentPassword')}
          testId="password-change-current"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          purpose="new"
          label={t('password:newPassword')}
          testId="password-change-new"
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          purpose="new"
          label={t('password:newPasswordConfirmation')}
          testId="password-change-confirmation"
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
