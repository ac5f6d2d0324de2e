import type { ChangeEvent } from 'react';
import { Alert, Button, Grid, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IMEI_LENGTH, IMSI_LENGTH, UPDATE_INTERVAL_MAX, UPDATE_INTERVAL_MIN } from '@hivescope/contract';
import type { ControllerSaveResponse } from '@hivescope/contract';
import { applyServerFields } from '../../../lib/form';
import { normaliseDigits } from '../../../lib/deviceIds';
import { useRegisterController } from '../api';
import {
  bodyPathToFormPath,
  initialTransmitterValues,
  toRegistrationBody,
  validateTransmitterForm,
  type TransmitterFormValues,
} from '../registrationForm';
import { ChannelSetupFields } from './ChannelSetupFields';
import { LocationPicker } from '../../../components/map/LocationPicker';

const INTERVALS = Array.from(
  { length: UPDATE_INTERVAL_MAX - UPDATE_INTERVAL_MIN + 1 },
  (_, i) => i + UPDATE_INTERVAL_MIN,
);

/**
 * Registers a transmitter by IMSI + IMEI (POST registration/controller) with its name, location, update
 * interval and channel setup. Used in Settings → Register Transmitters and as step 2 of /registration.
 */
export function TransmitterRegistrationForm({
  onRegistered,
}: {
  onRegistered?: (r: ControllerSaveResponse) => void;
}) {
  const { t } = useTranslation('controller-registration');
  const form = useForm<TransmitterFormValues>({
    initialValues: initialTransmitterValues(),
    validate: (values) => validateTransmitterForm(values, t),
  });
  const mutation = useRegisterController();
  const digits = (field: 'imsi' | 'imei') => ({
    ...form.getInputProps(field),
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, normaliseDigits(e.currentTarget.value)),
  });

  const submit = (values: TransmitterFormValues) => {
    const body = toRegistrationBody(values);
    mutation.mutate(body, {
      onSuccess: (response) => {
        form.reset();
        onRegistered?.(response);
      },
      onError: (error) => applyServerFields(error, form.setErrors, (path) => bodyPathToFormPath(path, body)),
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="register-transmitter-form">
      <Stack>
        <Title order={2}>{t('sections.transmitter')}</Title>
        <Text size="sm" c="dimmed" data-testid="register-transmitter-ready-hint">
          {t('readyHint')}
        </Text>
        <Grid>
          {(['imsi', 'imei'] as const).map((field) => (
            <Grid.Col key={field} span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t(field)}
                description={t('digitsHint', { count: field === 'imsi' ? IMSI_LENGTH : IMEI_LENGTH })}
                inputMode="numeric"
                autoComplete="off"
                withAsterisk
                data-testid={`register-transmitter-${field}`}
                {...digits(field)}
              />
            </Grid.Col>
          ))}
        </Grid>
        <Title order={2}>{t('sections.general')}</Title>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label={t('name')}
              placeholder={t('namePlaceholder')}
              data-testid="register-transmitter-name"
              {...form.getInputProps('name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('updateInterval')}
              placeholder={t('updateIntervalKeep')}
              data={INTERVALS.map((h) => ({ value: String(h), label: t('hours', { count: h }) }))}
              clearable
              data-testid="register-transmitter-interval"
              {...form.getInputProps('updateInterval')}
            />
          </Grid.Col>
        </Grid>
        <LocationPicker
          lat={form.getValues().lat}
          lng={form.getValues().lng}
          onChange={(lat, lng) => form.setValues({ lat, lng })}
          error={typeof form.errors['location'] === 'string' ? form.errors['location'] : undefined}
          testIdPrefix="register-transmitter-location"
        />
        <Title order={2}>{t('sections.channels')}</Title>
        <ChannelSetupFields form={form} />
        {mutation.isError && (
          <Alert color="red" data-testid="register-transmitter-error">
            {mutation.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="register-transmitter-submit">
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
