import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileSchema, type MessageResponse, type Profile } from '@hivescope/contract';
import { applyServerFields, zodResolver } from '../../lib/form';
import { profileFormSchema, profileFormValues, toProfilePath, type ProfileFormValues } from './profileForm';
import { ProfileFields } from './ProfileFields';

type Props = {
  initial: Partial<Profile> | undefined;
  save: (profile: Profile) => Promise<MessageResponse>;
  onSaved?: () => void | Promise<void>;
  testId?: string;
};

/** Contact-data form: validated with the contract's profileSchema; the server's message is toasted. */
export function ProfileForm({ initial, save, onSaved, testId = 'profile-form' }: Props) {
  const { t } = useTranslation();
  const form = useForm<{ profile: ProfileFormValues }>({
    initialValues: { profile: profileFormValues(initial) },
    validate: zodResolver(profileFormSchema, t),
  });
  const mutation = useMutation({
    mutationFn: (values: ProfileFormValues) => save(profileSchema.parse(values)),
    onSuccess: async () => {
      form.resetDirty();
      await onSaved?.();
    },
    onError: (error) => applyServerFields(error, form.setErrors, toProfilePath),
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => mutation.mutate(values.profile))}
      noValidate
      data-testid={testId}
    >
      <Stack>
        <ProfileFields
          inputProps={(field) => form.getInputProps(`profile.${field}`)}
          country={form.getValues().profile.country}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid={`${testId}-submit`}>
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
