import type { ChangeEvent, ReactNode } from 'react';
import { Button, Grid, Group, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { UPDATE_INTERVAL_MAX, UPDATE_INTERVAL_MIN } from '@hivescope/contract';
import { LocationPicker } from '../../../components/map/LocationPicker';
import { normaliseDigits } from '../../../lib/deviceIds';
import type { ControllerBaseValues } from '../createForm';

const INTERVAL_OPTIONS = Array.from({ length: UPDATE_INTERVAL_MAX - UPDATE_INTERVAL_MIN + 1 }, (_, i) =>
  String(i + UPDATE_INTERVAL_MIN),
);

type BaseField = 'name' | 'updateInterval' | 'imsi' | 'imei';

/** What differs between the admin's create page and edit modal. */
export type AdminControllerFormProps<V extends ControllerBaseValues> = {
  form: UseFormReturnType<V>;
  onSubmit: (values: V) => void;
  pending: boolean;
  /** data-testid of the form, of each shared field, of the location picker (prefix) and of the button. */
  testIds: { form: string; fields: Record<BaseField, string>; location: string; submit: string };
  submitLabel: string;
  /** Hints under the IMSI/IMEI inputs (the create page explains them; the edit modal does not). */
  descriptions?: Partial<Record<'imsi' | 'imei', string>>;
  /** Fields only one of the forms has, shown after IMSI/IMEI (inside the grid). */
  extraFields?: ReactNode;
};

/**
 * The admin's controller form (POST admin/controller and POST admin/controller/{id}): name, update
 * interval, IMSI, IMEI and location; the edit modal adds its fields through `extraFields`.
 */
export function AdminControllerForm<V extends ControllerBaseValues>({
  form,
  onSubmit,
  pending,
  testIds,
  submitLabel,
  descriptions = {},
  extraFields,
}: AdminControllerFormProps<V>) {
  const { t } = useTranslation('admin-controllers');
  // Mantine types paths of a generic V loosely; the base fields exist on every V.
  const base = form as unknown as UseFormReturnType<ControllerBaseValues>;
  const values = base.getValues();
  const input = (field: BaseField) => ({
    label: t(`fields.${field}`),
    'data-testid': testIds.fields[field],
    ...base.getInputProps(field),
  });
  const digits = (field: 'imsi' | 'imei') => ({
    ...input(field),
    description: descriptions[field],
    inputMode: 'numeric' as const,
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      base.setFieldValue(field, normaliseDigits(e.currentTarget.value)),
  });
  const locationError = base.errors['location'];

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate data-testid={testIds.form}>
      <Stack>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput {...input('name')} withAsterisk />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              {...input('updateInterval')}
              data={INTERVAL_OPTIONS.map((h) => ({ value: h, label: t('hours', { count: Number(h) }) }))}
              allowDeselect={false}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...digits('imsi')} withAsterisk />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput {...digits('imei')} />
          </Grid.Col>
          {extraFields}
        </Grid>
        <LocationPicker
          lat={values.lat}
          lng={values.lng}
          onChange={(lat, lng) => base.setValues({ lat, lng })}
          error={typeof locationError === 'string' ? locationError : undefined}
          testIdPrefix={testIds.location}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid={testIds.submit}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
