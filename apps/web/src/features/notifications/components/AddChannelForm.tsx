import { useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, notificationChannelCreateSchema, type ChannelType } from '@hivescope/contract';
import { InlineForm, useInlineField } from '../../../components/ui/InlineForm';
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
  const mutation = useChannelMutation(createChannel);
  const field = useInlineField((address) => {
    const parsed = notificationChannelCreateSchema.safeParse({
      type,
      address: toChannelAddress(type, address),
    });
    return parsed.success
      ? { value: parsed.data }
      : { error: String(issuesToErrors(parsed.error.issues, t).address ?? '') };
  }, mutation);

  return (
    <InlineForm
      field={field}
      testId="add-channel-form"
      button={{ label: t('channels.add'), icon: <IconPlus size={16} />, testId: 'channel-add' }}
    >
      <Select
        label={t('channels.type')}
        data={CHANNEL_TYPES.map((c) => ({ value: c, label: t(`channels.types.${c}`) }))}
        value={type}
        onChange={(v) => {
          if (v) setType(v as ChannelType);
          field.setError(null);
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
        value={field.text}
        onChange={(e) => field.change(e.currentTarget.value)}
        error={field.error}
        miw={280}
        data-testid="channel-address"
      />
    </InlineForm>
  );
}
