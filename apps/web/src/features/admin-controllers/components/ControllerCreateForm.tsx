import type { ChangeEvent } from 'react';
import { Button, Grid, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { UPDATE_INTERVAL_MAX, UPDATE_INTERVAL_MIN, type DeviceTokenResponse } from '@hivescope/contract';
import { applyServerFields } from '../../../lib/form';
import { LocationPicker } from '../../controller-registration/components/LocationPicker';
import { normaliseDigits } from '../../controller-registration/registrationForm';
import { useCreateController } from '../api';
import {
  initialCreateValues,
  toCreateBody,
  validateCreate,
  type CreateControllerValues,
} from '../createForm';

export const INTERVAL_OPTIONS = Array.from(
  { length: UPDATE_INTERVAL_MAX - UPDATE_INTERVAL_MIN + 1 },
  (_, i) => String(i + UPDATE_INTERVAL_MIN),
);

export type Created = DeviceTokenResponse & { imsi: string; imei: string | null };

/** POST admin/controller: name, location, update interval, IMSI and optional IMEI. */
export function ControllerCreateForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const { t } = useTranslation('admin-controllers');
  const form = useForm<CreateControllerValues>({
    initialValues: initialCreateValues,
    validate: (values) => validateCreate(values, t),
  });
  const mutation = useCreateController();
  const values = form.getValues();
  const digits = (field: 'imsi' | 'imei') => ({
    ...form.getInputProps(field),
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, normaliseDigits(e.currentTarget.value)),
  });

  const submit = (typed: CreateControllerValues) => {
    const body = toCreateBody(typed);
    mutation.mutate(body, {
      onSuccess: (response) =>
        onCreated({
          ...response,
          imsi: normaliseDigits(typed.imsi),
          imei: normaliseDigits(typed.imei) || null,
        }),
      onError: (error) =>
        applyServerFields(error, form.setErrors, (p) => (p.startsWith('location') ? 'location' : p)),
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="admin-controller-create-form">
      <Stack>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label={t('fields.name')}
              withAsterisk
              data-testid="admin-controller-name"
              {...form.getInputProps('name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('fields.updateInterval')}
              data={INTERVAL_OPTIONS.map((h) => ({ value: h, label: t('hours', { count: Number(h) }) }))}
              allowDeselect={false}
              withAsterisk
              data-testid="admin-controller-interval"
              {...form.getInputProps('updateInterval')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('fields.imsi')}
              description={t('fields.digits')}
              inputMode="numeric"
              withAsterisk
              data-testid="admin-controller-imsi"
              {...digits('imsi')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('fields.imei')}
              description={t('fields.imeiOptional')}
              inputMode="numeric"
              data-testid="admin-controller-imei"
              {...digits('imei')}
            />
          </Grid.Col>
        </Grid>
        <LocationPicker
          lat={values.lat}
          lng={values.lng}
          onChange={(lat, lng) => form.setValues({ lat, lng })}
          error={typeof form.errors['location'] === 'string' ? form.errors['location'] : undefined}
          testIdPrefix="admin-controller-location"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="admin-controller-create-submit">
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
