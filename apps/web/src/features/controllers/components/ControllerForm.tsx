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
          <NumberInput
            label={t('lat')}
            decimalScale={6}
            clampBehavior="none"
            min={-90}
            max={90}
            data-testid="controller-lat"
            {...form.getInputProps('lat')}
          />
          <NumberInput
            label={t('lng')}
            decimalScale={6}
            clampBehavior="none"
            min={-180}
            max={180}
            data-testid="controller-lng"
            {...form.getInputProps('lng')}
          />
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
