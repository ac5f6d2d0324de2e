import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Button, Group, Paper, Select, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useStartJob } from '../api';
import { useControllerSearch } from '../../../lib/controller-search';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list/useListState';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** /a/jobs: start a WEATHER_UPDATE (controller, from, to) — a weather backfill for one transmitter. */
export function WeatherUpdateForm() {
  const { t } = useTranslation('jobs');
  const start = useStartJob();
  const [controllerId, setControllerId] = useState<string | null>(null);
  // the transmitter is found by server search (docs/api-conventions.md "Lists and pagination"); the chosen one stays
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const controllers = useControllerSearch(q === picked?.label ? '' : q);
  const options = (controllers.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${c.id})`,
  }));
  if (picked && !options.some((o) => o.value === picked.value)) options.unshift(picked);
  const [from, setFrom] = useState(yesterday());
  const [to, setTo] = useState(yesterday());
  const [fields, setFields] = useState<Record<string, string>>({});
  const dates = [
    { field: 'from', value: from, set: setFrom },
    { field: 'to', value: to, set: setTo },
  ] as const;

  const submit = () => {
    setFields({});
    start.mutate(
      { type: 'WEATHER_UPDATE', controllerId: Number(controllerId), from, to },
      {
        onSuccess: (res) => toastSuccess(res.message),
        onError: (err) => {
          if (isApiError(err) && err.fields) setFields(err.fields);
          toastError(err.message);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" data-testid="weather-update-form">
      <Title order={2} size="h3" mb="sm">
        {t('weatherForm.title')}
      </Title>
      <Group align="flex-end">
        <Select
          label={t('weatherForm.controller')}
          placeholder={t('weatherForm.controllerPlaceholder')}
          data={options}
          value={controllerId}
          onChange={(value, option) => {
            setControllerId(value);
            setPicked(value === null ? null : option);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          error={fields.controllerId}
          data-testid="weather-controller"
        />
        {dates.map(({ field, value, set }) => (
          <TextInput
            key={field}
            type="date"
            label={t(`weatherForm.${field}`)}
            value={value}
            onChange={(e) => set(e.currentTarget.value)}
            error={fields[field]}
            data-testid={`weather-${field}`}
          />
        ))}
        <Button
          onClick={submit}
          loading={start.isPending}
          disabled={!controllerId}
          data-testid="weather-submit"
        >
          {t('weatherForm.submit')}
        </Button>
      </Group>
    </Paper>
  );
}
