import { Grid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { AdminControllerRow } from '@hivescope/contract';
import { applyServerFields } from '../../../lib/form';
import { useUpdateController } from '../api';
import { toFormField } from '../createForm';
import { editValuesFromRow, toUpdateBody, validateEdit, type EditControllerValues } from '../editForm';
import { AdminControllerForm } from './AdminControllerForm';

const TEST_IDS = {
  form: 'admin-controller-edit-form',
  fields: {
    name: 'admin-controller-edit-name',
    updateInterval: 'admin-controller-edit-updateInterval',
    imsi: 'admin-controller-edit-imsi',
    imei: 'admin-controller-edit-imei',
  },
  location: 'admin-controller-edit-location',
  submit: 'admin-controller-edit-save',
};

/** The admin's edit of one controller → POST admin/controller/{id} with the changed fields only. */
export function ControllerEditForm({ row, onSaved }: { row: AdminControllerRow; onSaved: () => void }) {
  const { t } = useTranslation('admin-controllers');
  const form = useForm<EditControllerValues>({
    initialValues: editValuesFromRow(row),
    validate: (values) => validateEdit(row, values, t),
  });
  const mutation = useUpdateController(row.id);
  const text = (
    field: 'subscriptionEnd' | 'desiredFirmware' | 'ownerEmail',
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
      onError: (error) => applyServerFields(error, form.setErrors, toFormField),
    });
  };

  return (
    <AdminControllerForm
      form={form}
      onSubmit={submit}
      pending={mutation.isPending}
      testIds={TEST_IDS}
      submitLabel={t('common:save')}
      extraFields={
        <>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...text('subscriptionEnd', { withAsterisk: true, type: 'date' })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...text('desiredFirmware')} placeholder={t('fields.desiredFirmwareNone')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput {...text('ownerEmail', { type: 'email' })} description={t('fields.ownerEmailHint')} />
          </Grid.Col>
        </>
      }
    />
  );
}
