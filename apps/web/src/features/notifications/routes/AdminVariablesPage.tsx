import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useGlobalSettings, useSaveGlobalSettings } from '../api';
import {
  toGlobalSettings,
  validateVariables,
  variableRange,
  VARIABLES,
  type VariableValues,
} from '../variables';

function VariablesForm({ settings }: { settings: GlobalSettings }) {
  const { t, i18n } = useTranslation(['notifications', 'errors']);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const form = useForm<VariableValues>({
    initialValues: settings,
    validate: (values) =>
      validateVariables(values, {
        required: t('errors:fieldRequired'),
        range: (min, max) => t('variables.range', { min: number.format(min), max: number.format(max) }),
      }),
  });
  const save = useSaveGlobalSettings();
  const submit = form.onSubmit((values) => save.mutate(toGlobalSettings(values)));

  return (
    <form onSubmit={submit} noValidate data-testid="variables-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {VARIABLES.map(({ key, unit }) => {
            const { min, max } = variableRange(key);
            return (
              <NumberInput
                key={key}
                label={t('variables.withUnit', {
                  name: t(`variables.${key}.label`),
                  unit: t(`variables.units.${unit}`),
                })}
                description={`${t(`variables.${key}.help`)} ${t('variables.default', {
                  value: number.format(DEFAULT_GLOBAL_SETTINGS[key]),
                })}`}
                min={min}
                max={max}
                step={0.1}
                decimalScale={2}
                clampBehavior="none"
                data-testid={`variable-${key}`}
                {...form.getInputProps(key)}
              />
            );
          })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="variables-save">
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /a/variables — the global settings of the activity alarm (docs/alarms.md, "Activity"). */
export default function AdminVariablesPage() {
  const { t } = useTranslation(['common', 'notifications']);
  const settings = useGlobalSettings();
  return (
    <Stack data-testid="admin-variables" maw={1000}>
      <PageTitle>{t('screens.adminVariables')}</PageTitle>
      <Text c="dimmed">{t('notifications:variables.intro')}</Text>
      {settings.isPending && <CenteredLoader />}
      {settings.isError && <LoadError />}
      {settings.data && <VariablesForm key={JSON.stringify(settings.data)} settings={settings.data} />}
    </Stack>
  );
}
