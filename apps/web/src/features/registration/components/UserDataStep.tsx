import { Anchor, Button, Checkbox, Grid, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { profileSchema, registrationUserSchema } from '@hivescope/contract';
import { applyServerFields, zodResolver } from '../../../lib/form';
import { sha256Hex } from '../../../lib/hash';
import { useAppDispatch, useAppSelector } from '../../../app/store/hooks';
import { selectLocale } from '../../../app/store/selectors';
import { loggedIn } from '../../../app/store/sessionSlice';
import { ProfileFields } from '../../profile/components/ProfileFields';
import { profileFormValues } from '../../profile/profileForm';
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
          password: await sha256Hex(values.password),
          passwordConfirmation: await sha256Hex(values.passwordConfirmation),
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
        <Title order={3}>{t('registration:account')}</Title>
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
            <PasswordInput
              label={t('session:password')}
              autoComplete="new-password"
              withAsterisk
              data-testid="registration-password"
              {...form.getInputProps('password')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput
              label={t('registration:passwordConfirmation')}
              autoComplete="new-password"
              withAsterisk
              data-testid="registration-password-confirmation"
              {...form.getInputProps('passwordConfirmation')}
            />
          </Grid.Col>
        </Grid>
        <Title order={3}>{t('registration:contactData')}</Title>
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
          <Anchor component={Link} to="/">
            {t('registration:haveAccount')}
          </Anchor>
          <Button type="submit" loading={mutation.isPending} data-testid="registration-submit">
            {t('registration:submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
