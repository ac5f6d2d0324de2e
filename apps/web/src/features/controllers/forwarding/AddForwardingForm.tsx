import { useState } from 'react';
import { Alert, Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FORWARDING_KINDS, type ForwardingKind } from '@hivescope/contract';
import { isApiError } from '../../../lib/api';
import { applyServerFields } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { createForwarding, useForwardingMutation } from './api';
import {
  emptyForwardingForm,
  fieldsOfKind,
  toForwardingCreate,
  validateForwardingForm,
  type ForwardingFormValues,
} from './form';
import { FtpFields } from './FtpFields';

type Props = {
  controllerId: number;
  channel: number;
  /** Called with an http forwarding's signing key, answered only by this POST. */
  onSigningKey: (key: string) => void;
};

/**
 * Adds a forwarding to the channel: the kind, then that kind's fields, checked with the contract's schema
 * before anything is sent. A refusal of the server (e.g. a private address) shows under the form instead of
 * as a toast; success is toasted.
 */
export function AddForwardingForm({ controllerId, channel, onSigningKey }: Props) {
  const { t } = useTranslation(['forwarding', 'errors']);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ForwardingFormValues>({
    initialValues: emptyForwardingForm(),
    validate: (values) => validateForwardingForm(values, t),
  });
  const mutation = useForwardingMutation(
    controllerId,
    channel,
    (values: ForwardingFormValues) => createForwarding(controllerId, channel, toForwardingCreate(values)),
    true,
  );
  const submit = form.onSubmit((values) => {
    setServerError(null);
    mutation.mutate(values, {
      onSuccess: (created) => {
        form.setValues(emptyForwardingForm(values.kind));
        form.resetDirty();
        toastSuccess(created.message);
        if (created.signingKey) onSigningKey(created.signingKey);
      },
      onError: (error) => {
        // a field's own message goes under it; anything else (refused target, limit) under the form
        const onField = isApiError(error) && fieldsOfKind(values.kind).some((f) => error.fields?.[f]);
        if (onField) applyServerFields(error, form.setErrors);
        else setServerError(error.message);
      },
    });
  });
  const kind = form.values.kind;
  const field = (name: keyof ForwardingFormValues) => ({
    ...form.getInputProps(name),
    'data-testid': `forwarding-${name}`,
  });

  return (
    <form onSubmit={submit} noValidate data-testid={`forwarding-form-${channel}`}>
      <Stack gap="sm">
        <Radio.Group
          label={t('add.kind')}
          value={kind}
          onChange={(value) => {
            form.setFieldValue('kind', value as ForwardingKind);
            form.clearErrors();
            setServerError(null);
          }}
          data-testid="forwarding-kind"
        >
          <Stack gap="xs" mt={4}>
            {FORWARDING_KINDS.map((k) => (
              <Radio
                key={k}
                value={k}
                label={t(`kinds.${k}`)}
                description={t(`kindHelp.${k}`)}
                data-testid={`forwarding-kind-${k}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {kind === 'email' && (
          <TextInput
            label={t('add.email')}
            description={t('add.emailHint')}
            type="email"
            autoComplete="off"
            withAsterisk
            maw={480}
            {...field('email')}
          />
        )}
        {kind === 'http' && (
          <TextInput
            label={t('add.url')}
            description={t('add.urlHint')}
            type="url"
            autoComplete="off"
            withAsterisk
            maw={640}
            {...field('url')}
          />
        )}
        {kind === 'ftp' && <FtpFields form={form} />}
        {serverError && (
          <Alert color="red" role="alert" data-testid="forwarding-form-error">
            {serverError}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            leftSection={<IconPlus size={16} />}
            loading={mutation.isPending}
            data-testid="forwarding-submit"
          >
            {t('add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
