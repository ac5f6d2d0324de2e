import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { DeviceTokenResponse } from '@hivescope/contract';
import { applyServerFields } from '../../../lib/form';
import { normaliseDigits } from '../../../lib/deviceIds';
import { useCreateController } from '../api';
import {
  initialCreateValues,
  toCreateBody,
  toFormField,
  validateCreate,
  type CreateControllerValues,
} from '../createForm';
import { AdminControllerForm } from './AdminControllerForm';

export type Created = DeviceTokenResponse & { imsi: string; imei: string | null };

const TEST_IDS = {
  form: 'admin-controller-create-form',
  fields: {
    name: 'admin-controller-name',
    updateInterval: 'admin-controller-interval',
    imsi: 'admin-controller-imsi',
    imei: 'admin-controller-imei',
  },
  location: 'admin-controller-location',
  submit: 'admin-controller-create-submit',
};

/** POST admin/controller: name, location, update interval, IMSI and optional IMEI. */
export function ControllerCreateForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const { t } = useTranslation('admin-controllers');
  const form = useForm<CreateControllerValues>({
    initialValues: initialCreateValues,
    validate: (values) => validateCreate(values, t),
  });
  const mutation = useCreateController();

  const submit = (typed: CreateControllerValues) => {
    mutation.mutate(toCreateBody(typed), {
      onSuccess: (response) =>
        onCreated({
          ...response,
          imsi: normaliseDigits(typed.imsi),
          imei: normaliseDigits(typed.imei) || null,
        }),
      onError: (error) => applyServerFields(error, form.setErrors, toFormField),
    });
  };

  return (
    <AdminControllerForm
      form={form}
      onSubmit={submit}
      pending={mutation.isPending}
      testIds={TEST_IDS}
      submitLabel={t('create')}
      descriptions={{ imsi: t('fields.digits'), imei: t('fields.imeiOptional') }}
    />
  );
}
