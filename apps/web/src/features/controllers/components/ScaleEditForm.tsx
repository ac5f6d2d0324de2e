import { Badge, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Scale } from '@hivescope/contract';
import { applyServerFields } from '../../../lib/form';
import { updateScale, useControllerMutation } from '../api';
import { scaleFormValues, toScaleUpdate, validateScaleForm, type ScaleFormValues } from '../forms';
import { ArchiveScaleButton } from './ArchiveScaleButton';
import { ScaleFields } from './ScaleFields';

/** The live scale of a channel: edited with POST scale/{idscale}, archived with a confirmation. */
export function ScaleEditForm({ scale }: { scale: Scale }) {
  const { t } = useTranslation(['controllers-settings', 'errors']);
  const form = useForm<ScaleFormValues>({
    initialValues: scaleFormValues(scale),
    validate: (values) => validateScaleForm(values, t, false),
  });
  const mutation = useControllerMutation((values: ScaleFormValues) =>
    updateScale(scale.idscale, toScaleUpdate(values)),
  );
  const submit = form.onSubmit((v) =>
    mutation.mutate(v, {
      onSuccess: () => form.resetDirty(v),
      onError: (e) => applyServerFields(e, form.setErrors),
    }),
  );
  return (
    <form onSubmit={submit} noValidate data-testid={`scale-form-${scale.idscale}`}>
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light" data-testid="scale-type">
            {t(`scale.types.${scale.type}`)}
          </Badge>
        </Group>
        <ScaleFields form={form} creating={false} />
        <Group justify="flex-end">
          <ArchiveScaleButton scale={scale} />
          <Button type="submit" loading={mutation.isPending} data-testid={`save-scale-${scale.channel}`}>
            {t('scale.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
