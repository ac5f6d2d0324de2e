import { Anchor, Button, Checkbox, Grid, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileSchema, registrationUserSchema } from '@hivescope/contract';
import { applyServerFields, zodResolver } from '../../../lib/form';
import { PasswordField } from '../../../components/ui/PasswordField';
import { hashPasswords } from '../../../lib/hash';
import { LOGIN_PATH } from '../../../lib/redirect';
import { useAppDispatch, useAppSelector } from '../../../app/store/hooks';
import { selectLocale } from '../../../app/store/selectors';
import { loggedIn } from '../../../app/store/sessionSlice';
import { ProfileFields } from '../../../components/profile/ProfileFields';
import { profileFormValues } from '../../../components/profile/profileForm';
import { registerUser } from '../api';
import { registrationFormSchema, type RegistrationFormValues } from '../schema';

/** Step 1: account and contact data. Success logs the user in (session cookie) and calls onDone. */
export function UserDataStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const form = useForm<RegistrationFormValues>({
    initialValues: {
      email: '',
      password: '',
      passwordConfirmation: '',
      acceptedTerms: false,
      profile: profileFormValues(undefined),
    },
    validate: zodResolver(registrationFormSchema, t),
  });
  const mutation = useMutation({
    mutationFn: async (values: RegistrationFormValues) =>
      registerUser(
        registrationUserSchema.parse({
          email: values.email,
          ...(await hashPasswords(values, ['password', 'passwordConfirmation'])),
          acceptedTerms: values.acceptedTerms,
          locale,
          profile: profileSchema.parse(values.profile),
        }),
      ),
    onSuccess: (user) => {
      dispatch(loggedIn(user));
      onDone();
    },
    onError: (error) => applyServerFields(error, form.setErrors),
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      noValidate
      data-testid="registration-form"
    >
      <Stack>
        <Title order={2}>{t('registration:account')}</Title>
        <Grid>
          <Grid.Col span={12}>
            <TextInput
              label={t('session:email')}
              type="email"
              autoComplete="email"
              withAsterisk
              data-testid="registration-email"
              {...form.getInputProps('email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordField
              purpose="new"
              label={t('session:password')}
              withAsterisk
              testId="registration-password"
              {...form.getInputProps('password')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordField
              purpose="new"
              label={t('registration:passwordConfirmation')}
              withAsterisk
              testId="registration-password-confirmation"
              {...form.getInputProps('passwordConfirmation')}
            />
          </Grid.Col>
        </Grid>
        <Title order={2}>{t('registration:contactData')}</Title>
        <ProfileFields
          inputProps={(field) => form.getInputProps(`profile.${field}`)}
          country={form.getValues().profile.country}
          testIdPrefix="registration"
        />
        <Checkbox
          label={t('registration:acceptTerms')}
          data-testid="registration-accept-terms"
          {...form.getInputProps('acceptedTerms', { type: 'checkbox' })}
        />
        <Group justify="space-between">
          {/* a plain link: the login page is loaded from the server, it is not part of the app */}
          <Anchor href={LOGIN_PATH}>{t('registration:haveAccount')}</Anchor>
          <Button type="submit" loading={mutation.isPending} data-testid="registration-submit">
            {t('registration:submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
