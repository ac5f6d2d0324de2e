import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { channelConfirmCodeSchema, type NotificationChannel } from '@hivescope/contract';
import { confirmCode, useChannelMutation } from '../api';

/** The six digits of the confirmation SMS (POST notification/{id}/confirm { code }). */
export function ConfirmCodeForm({ channel }: { channel: NotificationChannel }) {
  const { t } = useTranslation(['notifications', 'errors']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useChannelMutation(confirmCode);

  const submit = () => {
    const parsed = channelConfirmCodeSchema.safeParse({ code: code.replace(/\s/g, '') });
    if (!parsed.success) return setError(t('errors:invalidConfirmation'));
    setError(null);
    mutation.mutate(
      { id: channel.id, code: parsed.data.code },
      { onSuccess: () => setCode(''), onError: (e) => setError(e.message) },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="channel-confirm-form"
    >
      <Group gap="xs" align="flex-start">
        <TextInput
          size="xs"
          label={t('channels.code')}
          aria-label={t('channels.codeFor', { address: channel.address })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          w={150}
          data-testid="channel-code"
        />
        <Button size="xs" type="submit" mt={22} loading={mutation.isPending} data-testid="channel-confirm">
          {t('channels.confirm')}
        </Button>
      </Group>
    </form>
  );
}
