import { z } from 'zod';
import { Alert, Anchor, Button, Card, Container, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { applyServerFields, requiredEmail, zodResolver } from '../../../lib/form';
import { LOGIN_PATH } from '../../../lib/redirect';
import { requestPasswordReset } from '../api';

const schema = z.object({ email: requiredEmail });

/** /password/request — asks for a reset link by email; shows the server's answer. */
export default function PasswordRequestPage() {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { email: '' }, validate: zodResolver(schema, t) });
  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email.trim().toLowerCase()),
    meta: { silent: true },
    onError: (error) => applyServerFields(error, form.setErrors),
  });

  return (
    <Container size="xs" py="xl">
      <Card withBorder padding="lg">
        <PageTitle>{t('common:screens.passwordRequest')}</PageTitle>
        {mutation.isSuccess ? (
          <Alert color="green" data-testid="password-request-done">
            {mutation.data.message}
          </Alert>
        ) : (
          <form
            onSubmit={form.onSubmit((values) => mutation.mutate(values.email))}
            noValidate
            data-testid="password-request-form"
          >
            <Stack>
              <Text c="dimmed">{t('password:requestHint')}</Text>
              {mutation.error && <Alert color="red">{mutation.error.message}</Alert>}
              <TextInput
                label={t('session:email')}
                type="email"
                autoComplete="email"
                data-testid="password-request-email"
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={mutation.isPending} data-testid="password-request-submit">
                {t('password:sendLink')}
              </Button>
            </Stack>
          </form>
        )}
        {/* a plain link: the login page is loaded from the server, it is not part of the app */}
        <Anchor href={LOGIN_PATH} mt="md" display="block" data-testid="back-to-login-link">
          {t('password:backToLogin')}
        </Anchor>
      </Card>
    </Container>
  );
}
