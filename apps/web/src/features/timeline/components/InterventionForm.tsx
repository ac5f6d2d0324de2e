import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  INTERVENTION_DESCRIPTION_MAX,
  INTERVENTION_LABELS,
  type Intervention,
  type InterventionLabel,
} from '@hivescope/contract';
import { applyServerFields } from '../../../lib/form';
import { createIntervention, updateIntervention, useInterventionMutation } from '../api';
import { epochToLocalDate, epochToLocalTime, localDateTimeToIso } from '../range';

export type InterventionFormValues = {
  idscale: string;
  label: InterventionLabel;
  description: string;
  date: string;
  time: string;
};

/** Form values of an intervention to edit, or of a new one now on the first scale offered. */
export function interventionFormValues(
  intervention: Intervention | null,
  defaultScale: number | null,
  now: Date,
): InterventionFormValues {
  const at = intervention ? Date.parse(intervention.time) / 1000 : now.getTime() / 1000;
  return {
    idscale: String(intervention?.idscale ?? defaultScale ?? ''),
    label: intervention?.label ?? INTERVENTION_LABELS[0],
    description: intervention?.description ?? '',
    date: epochToLocalDate(at),
    time: epochToLocalTime(at),
  };
}

type Props = {
  /** null: a new intervention */
  intervention: Intervention | null;
  /** the scales the person may record on: value idscale, label name */
  scales: { value: string; label: string }[];
  defaultScale: number | null;
  onClose: () => void;
};

/** Add or edit an intervention: scale (new ones only), label from the list, description, local date and time. */
export function InterventionForm({ intervention, scales, defaultScale, onClose }: Props) {
  const { t } = useTranslation(['timeline', 'errors']);
  const form = useForm<InterventionFormValues>({
    initialValues: interventionFormValues(intervention, defaultScale, new Date()),
    validate: {
      idscale: (v) => (v ? null : t('errors:fieldRequired')),
      date: (v, values) => (localDateTimeToIso(v, values.time) ? null : t('errors:invalidDate')),
      time: (v, values) => (localDateTimeToIso(values.date, v) ? null : t('errors:invalidDate')),
    },
  });
  const mutation = useInterventionMutation((v: InterventionFormValues) => {
    const time = localDateTimeToIso(v.date, v.time) ?? '';
    const fields = { label: v.label, description: v.description, time };
    return intervention
      ? updateIntervention(intervention.id, fields)
      : createIntervention({ idscale: Number(v.idscale), ...fields });
  });
  const submit = form.onSubmit((v) =>
    mutation.mutate(v, { onSuccess: onClose, onError: (e) => applyServerFields(e, form.setErrors) }),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(intervention ? 'editIntervention' : 'addIntervention')}
      data-testid="intervention-modal"
    >
      <form onSubmit={submit} noValidate data-testid="intervention-form">
        <Stack gap="sm">
          <Select
            label={t('scale')}
            data={scales}
            disabled={intervention !== null}
            allowDeselect={false}
            {...form.getInputProps('idscale')}
            data-testid="intervention-scale"
          />
          <Select
            label={t('labelField')}
            data={INTERVENTION_LABELS.map((l) => ({ value: l, label: t(`label.${l}`) }))}
            allowDeselect={false}
            {...form.getInputProps('label')}
            data-testid="intervention-label"
          />
          <Textarea
            label={t('description')}
            maxLength={INTERVENTION_DESCRIPTION_MAX}
            autosize
            minRows={2}
            {...form.getInputProps('description')}
            data-testid="intervention-description"
          />
          <Group grow>
            <TextInput
              type="date"
              label={t('date')}
              {...form.getInputProps('date')}
              data-testid="intervention-date"
            />
            <TextInput
              type="time"
              label={t('time')}
              {...form.getInputProps('time')}
              data-testid="intervention-time"
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="intervention-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
