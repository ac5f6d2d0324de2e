import type { ChangeEvent } from 'react';
import { Button, Grid, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { AdminControllerRow } from '@hivescope/contract';
import { applyServerFields } from '../../../lib/form';
import { LocationPicker } from '../../controller-registration/components/LocationPicker';
import { normaliseDigits } from '../../controller-registration/registrationForm';
import { useUpdateController } from '../api';
import { editValuesFromRow, toUpdateBody, validateEdit, type EditControllerValues } from '../editForm';
import { INTERVAL_OPTIONS } from './ControllerCreateForm';

/** The admin's edit of one controller → POST admin/controller/{id} with the changed fields only. */
export function ControllerEditForm({ row, onSaved }: { row: AdminControllerRow; onSaved: () => void }) {
  const { t } = useTranslation('admin-controllers');
  const form = useForm<EditControllerValues>({
    initialValues: editValuesFromRow(row),
    validate: (values) => validateEdit(row, values, t),
  });
  const mutation = useUpdateController(row.id);
  const values = form.getValues();
  const digits = (field: 'imsi' | 'imei') => ({
    ...form.getInputProps(field),
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, normaliseDigits(e.currentTarget.value)),
  });
  const text = (
    field: keyof EditControllerValues,
    extra: { withAsterisk?: boolean; type?: string } = {},
  ) => ({
    label: t(`fields.${field}`),
    'data-testid': `admin-controller-edit-${field}`,
    ...extra,
    ...form.getInputProps(field),
  });

  const submit = (typed: EditControllerValues) => {
    const body = toUpdateBody(row, typed);
    if (Object.keys(body).length === 0) return onSaved();
    mutation.mutate(body, {
      onSuccess: onSaved,
      onError: (error) =>
        applyServerFields(error, form.setErrors, (p) => (p.startsWith('location') ? 'location' : p)),
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="admin-controller-edit-form">
      <Stack>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput {...text('name', { withAsterisk: true })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              {...text('updateInterval', { withAsterisk: true })}
              data={INTERVAL_OPTIONS.map((h) => ({ value: h, label: t('hours', { count: Number(h) }) }))}
              allowDeselect={false}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...text('imsi', { withAsterisk: true })} {...digits('imsi')} inputMode="numeric" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...text('imei')} {...digits('imei')} inputMode="numeric" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...text('subscriptionEnd', { withAsterisk: true, type: 'date' })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...text('desiredFirmware')} placeholder={t('fields.desiredFirmwareNone')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput {...text('ownerEmail', { type: 'email' })} description={t('fields.ownerEmailHint')} />
          </Grid.Col>
        </Grid>
        <LocationPicker
          lat={values.lat}
          lng={values.lng}
          onChange={(lat, lng) => form.setValues({ lat, lng })}
          error={typeof form.errors['location'] === 'string' ? form.errors['location'] : undefined}
          testIdPrefix="admin-controller-edit-location"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="admin-controller-edit-save">
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
