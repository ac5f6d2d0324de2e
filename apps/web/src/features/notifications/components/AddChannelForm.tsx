import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, notificationChannelCreateSchema, type ChannelType } from '@hivescope/contract';
import { issuesToErrors } from '../../../lib/form';
import { createChannel, useChannelMutation } from '../api';
import { toChannelAddress } from '../channels';

/**
 * Adds an e-mail address or a mobile number (POST notification); the contract's schema checks it first. The
 * server then sends the confirmation link (mail) or code (SMS), so the new channel is pending.
 */
export function AddChannelForm() {
  const { t } = useTranslation(['notifications', 'errors']);
  const [type, setType] = useState<ChannelType>('email');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useChannelMutation(createChannel);

  const submit = () => {
    const parsed = notificationChannelCreateSchema.safeParse({
      type,
      address: toChannelAddress(type, address),
    });
    if (!parsed.success) return setError(String(issuesToErrors(parsed.error.issues, t).address ?? ''));
    setError(null);
    mutation.mutate(parsed.data, {
      onSuccess: () => setAddress(''),
      onError: (e) => setError(e.message),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="add-channel-form"
    >
      <Group align="flex-start">
        <Select
          label={t('channels.type')}
          data={CHANNEL_TYPES.map((c) => ({ value: c, label: t(`channels.types.${c}`) }))}
          value={type}
          onChange={(v) => {
            if (v) setType(v as ChannelType);
            setError(null);
          }}
          allowDeselect={false}
          w={160}
          data-testid="channel-type"
        />
        <TextInput
          label={t(type === 'email' ? 'channels.email' : 'channels.phone')}
          description={t(type === 'email' ? 'channels.emailHint' : 'channels.phoneHint')}
          type={type === 'email' ? 'email' : 'tel'}
          autoComplete={type === 'email' ? 'email' : 'tel'}
          value={address}
          onChange={(e) => {
            setAddress(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          miw={280}
          data-testid="channel-address"
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 46 }}
          leftSection={<IconPlus size={16} />}
          loading={mutation.isPending}
          data-testid="channel-add"
        >
          {t('channels.add')}
        </Button>
      </Group>
    </form>
  );
}
