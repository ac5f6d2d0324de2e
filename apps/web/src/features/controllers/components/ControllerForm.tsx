import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  SCALE_GAIN_MAX,
  SCALE_GAIN_MIN,
  UPDATE_INTERVAL_MAX,
  UPDATE_INTERVAL_MIN,
  type Controller,
} from '@hivescope/contract';
import { applyServerFields } from '../../../lib/form';
import { saveController, useControllerMutation } from '../api';
import {
  controllerFormValues,
  toControllerUpdate,
  toNumber,
  validateControllerForm,
  type ControllerFormValues,
} from '../forms';
import LocationMap from '../../../components/map/LocationMap';

const INTERVALS = Array.from(
  { length: UPDATE_INTERVAL_MAX - UPDATE_INTERVAL_MIN + 1 },
  (_, i) => i + UPDATE_INTERVAL_MIN,
);

/** The two coordinate fields and their bounds in degrees. */
const COORDINATES = [
  { field: 'lat', limit: 90 },
  { field: 'lng', limit: 180 },
] as const;

function locationOf(values: ControllerFormValues) {
  const lat = toNumber(values.lat);
  const lng = toNumber(values.lng);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/** General settings of an own controller, saved with POST controller/{id}. */
export function ControllerForm({ controller }: { controller: Controller }) {
  const { t } = useTranslation(['controllers-settings', 'common', 'errors']);
  const form = useForm<ControllerFormValues>({
    initialValues: controllerFormValues(controller),
    validate: (values) => validateControllerForm(values, t),
  });
  const mutation = useControllerMutation((values: ControllerFormValues) =>
    saveController(controller.id, toControllerUpdate(values)),
  );
  const values = form.getValues();
  const submit = form.onSubmit((v) =>
    mutation.mutate(v, {
      onSuccess: () => form.resetDirty(v),
      onError: (error) => applyServerFields(error, form.setErrors, (p) => p.replace(/^location\./, '')),
    }),
  );

  return (
    <form onSubmit={submit} noValidate data-testid={`controller-form-${controller.id}`}>
      <Stack gap="sm">
        <Title order={4}>{t('general')}</Title>
        <TextInput
          label={t('name')}
          required
          data-testid="controller-name-input"
          {...form.getInputProps('name')}
        />
        <Text size="sm" fw={500}>
          {t('location')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('locationHint')}
        </Text>
        <LocationMap
          value={locationOf(values)}
          onChange={(location) => form.setValues({ lat: location.lat, lng: location.lng })}
          label={t('mapOf', { name: controller.name })}
          testId="controller-map"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {COORDINATES.map(({ field, limit }) => (
            <NumberInput
              key={field}
              label={t(field)}
              decimalScale={6}
              clampBehavior="none"
              min={-limit}
              max={limit}
              data-testid={`controller-${field}`}
              {...form.getInputProps(field)}
            />
          ))}
          <Select
            label={t('updateInterval')}
            data={INTERVALS.map((h) => ({ value: String(h), label: t('everyHours', { count: h }) }))}
            allowDeselect={false}
            data-testid="controller-update-interval"
            {...form.getInputProps('updateInterval')}
          />
          <NumberInput
            label={t('scaleGain')}
            description={t('scaleGainHelp')}
            min={SCALE_GAIN_MIN}
            max={SCALE_GAIN_MAX}
            allowDecimal={false}
            clampBehavior="none"
            data-testid="controller-scale-gain"
            {...form.getInputProps('scaleGain')}
          />
        </SimpleGrid>
        <Switch
          label={t('signalFilter')}
          description={t('signalFilterHelp')}
          data-testid="controller-signal-filter"
          {...form.getInputProps('signalFilter', { type: 'checkbox' })}
        />
        <Switch
          label={t('displayOnPublicMap')}
          description={t('displayOnPublicMapHelp')}
          data-testid="controller-public-map"
          {...form.getInputProps('displayOnPublicMap', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="save-controller">
            {t('saveGeneral')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
