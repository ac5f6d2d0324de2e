import { z } from 'zod';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '@hivescope/contract';
import { plainPassword, requiredEmail, zodResolver } from '../../../lib/form';
import { PasswordField } from '../../../components/ui/PasswordField';
import { hashPasswords } from '../../../lib/hash';
import { useAppDispatch } from '../../../app/store/hooks';
import { loginFailed, loginStarted } from '../../../app/store/sessionSlice';
import { login } from '../api';
import { loginSucceeded } from '../loginLanguage';

const loginFormSchema = z.object({ email: requiredEmail, password: plainPassword });
type LoginFormValues = z.input<typeof loginFormSchema>;

/** Email + password; the password leaves the browser only as its SHA-256 digest. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useForm<LoginFormValues>({
    initialValues: { email: '', password: '' },
    validate: zodResolver(loginFormSchema, t),
  });
  const mutation = useMutation({
    mutationFn: async (values: LoginFormValues) =>
      login({ email: values.email.trim().toLowerCase(), ...(await hashPasswords(values, ['password'])) }),
    meta: { silent: true },
    onMutate: () => dispatch(loginStarted()),
    onError: () => dispatch(loginFailed()),
    onSuccess: (user) => onLoggedIn(dispatch(loginSucceeded(user))),
  });

  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate data-testid="login-form">
      <Stack>
        {mutation.error && (
          <Alert color="red" data-testid="login-error">
            {mutation.error.message}
          </Alert>
        )}
        <TextInput
          label={t('session:email')}
          type="email"
          autoComplete="username"
          data-testid="login-email"
          {...form.getInputProps('email')}
        />
        <PasswordField
          purpose="current"
          label={t('session:password')}
          testId="login-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={mutation.isPending} data-testid="login-submit">
          {t('session:login')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/password/request" data-testid="forgot-password-link">
            {t('session:forgotPassword')}
          </Anchor>
          <Anchor component={Link} to="/registration" data-testid="registration-link">
            {t('session:register')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
