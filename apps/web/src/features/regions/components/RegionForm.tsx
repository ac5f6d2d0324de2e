import { useCallback, useState } from 'react';
import {
  Button,
  FileButton,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  REGION_GEOJSON_MAX_CHARS,
  REGION_UTC_OFFSET_MAX,
  REGION_UTC_OFFSET_MIN,
  type Region,
} from '@hivescope/contract';
import { isApiError } from '../../../lib/api';
import { applyServerFields } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useSaveRegion } from '../api';
import { geojsonProblem } from '../geojson';
import { DrawMap } from './DrawMap';

type Values = {
  name: string;
  priority: number | string;
  alarmFrom: string;
  alarmTo: string;
  utcOffset: number | string;
  geojson: string;
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const initial = (region: Region | null): Values => ({
  name: region?.name ?? '',
  priority: region?.priority ?? 0,
  alarmFrom: region?.alarmFrom ?? '',
  alarmTo: region?.alarmTo ?? '',
  utcOffset: region?.utcOffset ?? 1,
  geojson: region?.geojson ?? '',
});

function validate(v: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!v.name.trim()) errors.name = 'errors:fieldRequired';
  if (!v.geojson.trim()) errors.geojson = 'errors:fieldRequired';
  else if (v.geojson.length > REGION_GEOJSON_MAX_CHARS) errors.geojson = 'regions:geojsonTooLarge';
  else {
    const problem = geojsonProblem(v.geojson);
    if (problem) errors.geojson = problem;
  }
  for (const key of ['alarmFrom', 'alarmTo'] as const)
    if (v[key] && !TIME.test(v[key])) errors[key] = 'regions:timeInvalid';
  if (!errors.alarmTo && !errors.alarmFrom && !v.alarmFrom !== !v.alarmTo)
    errors.alarmTo = 'regions:windowIncomplete';
  if (v.priority === '') errors.priority = 'errors:fieldRequired';
  if (v.utcOffset === '') errors.utcOffset = 'errors:fieldRequired';
  return errors;
}

type Props = { region: Region | null; global: boolean; onClose: () => void };

/** Create or edit a region: name, priority, alarm window and offset, GeoJSON pasted or uploaded. */
export function RegionForm({ region, global, onClose }: Props) {
  const { t } = useTranslation(['regions', 'errors']);
  const [fileError, setFileError] = useState<string | null>(null);
  const save = useSaveRegion();
  const form = useForm<Values>({
    initialValues: initial(region),
    validate: (values) => Object.fromEntries(Object.entries(validate(values)).map(([k, key]) => [k, t(key)])),
  });

  const { setFieldValue } = form;
  const onDrawn = useCallback((geojson: string) => setFieldValue('geojson', geojson), [setFieldValue]);

  const upload = (file: File | null) => {
    if (!file) return;
    setFileError(null);
    file.text().then(
      (text) => form.setFieldValue('geojson', text),
      () => setFileError(t('fileUnreadable')),
    );
  };

  const submit = form.onSubmit((v) => {
    const body = {
      name: v.name.trim(),
      geojson: v.geojson,
      priority: Number(v.priority),
      alarmFrom: v.alarmFrom || null,
      alarmTo: v.alarmTo || null,
      utcOffset: Number(v.utcOffset),
      ...(region ? { id: region.id, unchangedShape: v.geojson === region.geojson } : { global }),
    };
    save.mutate(body, {
      onSuccess: (answer) => {
        toastSuccess(answer.message);
        onClose();
      },
      onError: (error) => {
        // field answers (zod) go to their fields; the geometry checks answer with a message only
        if (isApiError(error) && error.fields) applyServerFields(error, form.setErrors);
        else form.setFieldError('geojson', error.message);
      },
    });
  });

  return (
    <Modal opened onClose={onClose} title={region ? t('editTitle') : t('newTitle')} size="lg">
      <form onSubmit={submit} noValidate data-testid="region-form">
        <Stack>
          <TextInput label={t('name')} required data-testid="region-name" {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('priority')}
              description={t('priorityHint')}
              min={0}
              max={1000}
              allowDecimal={false}
              data-testid="region-priority"
              {...form.getInputProps('priority')}
            />
            <NumberInput
              label={t('utcOffset')}
              min={REGION_UTC_OFFSET_MIN}
              max={REGION_UTC_OFFSET_MAX}
              allowDecimal={false}
              data-testid="region-offset"
              {...form.getInputProps('utcOffset')}
            />
            <TextInput
              label={t('alarmFrom')}
              description={t('timeHint')}
              placeholder="09:00"
              data-testid="region-from"
              {...form.getInputProps('alarmFrom')}
            />
            <TextInput
              label={t('alarmTo')}
              description={t('timeHint')}
              placeholder="19:00"
              data-testid="region-to"
              {...form.getInputProps('alarmTo')}
            />
          </SimpleGrid>
          <Textarea
            label={t('geojson')}
            description={t('geojsonHint')}
            required
            autosize
            minRows={4}
            maxRows={10}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            data-testid="region-geojson"
            {...form.getInputProps('geojson')}
          />
          <DrawMap geojson={form.values.geojson} onDrawn={onDrawn} />
          <Group justify="space-between">
            <FileButton onChange={upload} accept=".geojson,.json,application/geo+json,application/json">
              {(props) => (
                <Button
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  data-testid="region-upload"
                  {...props}
                >
                  {t('upload')}
                </Button>
              )}
            </FileButton>
            <Group>
              <Button variant="default" onClick={onClose} data-testid="region-cancel">
                {t('cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="region-save">
                {t('save')}
              </Button>
            </Group>
          </Group>
          {fileError && <div role="alert">{fileError}</div>}
        </Stack>
      </form>
    </Modal>
  );
}
