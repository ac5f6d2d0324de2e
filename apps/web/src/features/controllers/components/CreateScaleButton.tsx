import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScaleType } from '@hivescope/contract';
import { applyServerFields } from '../../../lib/form';
import { createScale, useControllerMutation } from '../api';
import { scaleFormValues, toScaleCreate, validateScaleForm, type ScaleFormValues } from '../forms';
import { ScaleFields } from './ScaleFields';

type Props = { controllerId: number; channel: number; defaultType: ScaleType };

/** "Set up a scale" on a free channel: POST scale { channel: "controllerId:channel", … }. */
export function CreateScaleButton({ controllerId, channel, defaultType }: Props) {
  const { t } = useTranslation(['controllers-settings', 'errors']);
  const [opened, { open, close }] = useDisclosure(false);
  const form = useForm<ScaleFormValues>({
    initialValues: scaleFormValues(undefined, defaultType),
    validate: (values) => validateScaleForm(values, t, true),
  });
  const mutation = useControllerMutation((values: ScaleFormValues) =>
    createScale(toScaleCreate(controllerId, channel, values, form.isDirty('since'))),
  );
  // the history start defaults to the moment the form opens
  const openForm = () => {
    const initial = scaleFormValues(undefined, defaultType, new Date());
    form.setInitialValues(initial);
    form.setValues(initial);
    open();
  };
  const submit = form.onSubmit((v) =>
    mutation.mutate(v, {
      onSuccess: () => {
        close();
        form.reset();
      },
      onError: (e) => applyServerFields(e, form.setErrors),
    }),
  );
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={openForm}
        data-testid={`create-scale-${channel}`}
      >
        {t('channels.create')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('channels.createTitle', { channel })} size="lg">
        <form onSubmit={submit} noValidate data-testid="create-scale-form">
          <Stack gap="sm">
            <ScaleFields form={form} creating />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="create-scale-submit">
                {t('channels.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
