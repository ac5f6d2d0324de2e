import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_SERIES,
  EXPORT_FORMATS,
  EXPORT_TIME_ZONES,
  RESOLUTIONS,
  SCALE_SERIES,
  TIMELINE_WEATHER_SERIES,
  exportFilePath,
  type ExportSeries,
  type Job,
} from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { buildUrl, get, isApiError } from '../../../lib/api';
import { useControllers } from '../../../lib/controllers';
import { toastError, toastSuccess } from '../../../lib/toast';
import { jobPageSchema } from '@hivescope/contract';
import { useQuery } from '@tanstack/react-query';
import { runExport } from '../api';
import { EXPORT_PRESETS, presetRange } from '../presets';

type Resolution = (typeof RESOLUTIONS)[number];
type Format = (typeof EXPORT_FORMATS)[number];
type Zone = (typeof EXPORT_TIME_ZONES)[number];

const SERIES_GROUPS = [
  { key: 'export:groupScale', names: SCALE_SERIES },
  { key: 'timeline:groupDevice', names: DEVICE_SERIES },
  { key: 'timeline:groupWeather', names: TIMELINE_WEATHER_SERIES },
] as const;

/** Follows an export job (GET jobs?id=…, every 2 s until it ends). */
function useExportJob(id: string | null) {
  return useQuery({
    queryKey: ['jobs', 'export', id],
    enabled: id !== null,
    queryFn: async () =>
      jobPageSchema.parse(await get<unknown>('jobs', { query: { id: id ?? undefined } })).items[0] ?? null,
    refetchInterval: (q) => {
      const job = q.state.data;
      return job && (job.status === 'done' || job.status === 'failed') ? false : 2000;
    },
  });
}

function JobProgress({ job }: { job: Job }) {
  const { t } = useTranslation('export');
  if (job.status === 'failed')
    return (
      <Alert color="red" data-testid="export-job-failed">
        {t('jobFailed', { error: job.error ?? '' })}
      </Alert>
    );
  if (job.status === 'done')
    return (
      <Alert color="green" data-testid="export-job-done">
        <Text>{t('jobDone')}</Text>
        <Anchor href={buildUrl(exportFilePath(job.id))} data-testid="export-job-download">
          {t('download')}
        </Anchor>
      </Alert>
    );
  return (
    <Stack gap={4} data-testid="export-job-running">
      <Text>{t('jobRunning')}</Text>
      <Progress value={job.progress} aria-label={t('jobRunning')} animated />
    </Stack>
  );
}

/** /export — chosen scales, series, period, resolution, format and time zone to a CSV or XLSX file. */
export default function ExportPage() {
  const { t, i18n } = useTranslation(['export', 'common', 'timeline', 'errors']);
  const controllers = useControllers();
  const [scales, setScales] = useState<number[]>([]);
  const [series, setSeries] = useState<ExportSeries[]>(['weight']);
  const [range, setRange] = useState(() => presetRange('7d', new Date()));
  const [resolution, setResolution] = useState<Resolution>('hourly');
  const [format, setFormat] = useState<Format>('csv');
  const [timeZone, setTimeZone] = useState<Zone>('local');
  const [missingScales, setMissingScales] = useState(false);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExportJob(jobId);

  const toggle = <T,>(list: T[], value: T, on: boolean) =>
    on ? [...list, value] : list.filter((v) => v !== value);

  const submit = async () => {
    if (scales.length === 0) {
      setMissingScales(true);
      return;
    }
    setMissingScales(false);
    setBusy(true);
    try {
      const result = await runExport(
        { scales, series, ...range, resolution, format, timeZone },
        i18n.language,
      );
      if (result.kind === 'downloaded') toastSuccess(t('downloaded'));
      else {
        toastSuccess(result.message);
        setJobId(result.job.id);
      }
    } catch (err) {
      toastError(isApiError(err) || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <PageTitle>{t('common:screens.export')}</PageTitle>
      <Text c="dimmed">{t('intro')}</Text>
      {controllers.isPending && <CenteredLoader />}
      {controllers.isError && <LoadError />}
      {controllers.data && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            {t('scales')}
          </Title>
          {controllers.data.every((c) => c.scales.length === 0) && <Text>{t('noScales')}</Text>}
          <Stack gap="xs" data-testid="export-scales">
            {controllers.data.map((c) => (
              <Checkbox.Group
                key={c.id}
                label={c.name}
                value={scales.filter((id) => c.scales.some((s) => s.idscale === id)).map(String)}
                onChange={(values) =>
                  setScales([
                    ...scales.filter((id) => !c.scales.some((s) => s.idscale === id)),
                    ...values.map(Number),
                  ])
                }
              >
                <Group mt={4}>
                  {c.scales.map((s) => (
                    <Checkbox
                      key={s.idscale}
                      value={String(s.idscale)}
                      label={s.name}
                      data-testid="export-scale"
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            ))}
          </Stack>
          {missingScales && (
            <Alert color="yellow" mt="sm" data-testid="export-no-scales">
              {t('errors:selectScalesFirst')}
            </Alert>
          )}
        </Paper>
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t('series')}
        </Title>
        {SERIES_GROUPS.map((g) => (
          <Group key={g.key} mb="xs">
            <Text fw={500} w={120}>
              {t(g.key)}
            </Text>
            {g.names.map((name) => (
              <Checkbox
                key={name}
                label={t(`timeline:series.${name}`)}
                checked={series.includes(name)}
                onChange={(e) => setSeries(toggle(series, name, e.currentTarget.checked))}
                data-testid={`export-series-${name}`}
              />
            ))}
          </Group>
        ))}
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t('period')}
        </Title>
        <Group align="flex-end">
          <TextInput
            type="date"
            label={t('from')}
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
            data-testid="export-from"
          />
          <TextInput
            type="date"
            label={t('to')}
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
            data-testid="export-to"
          />
          {EXPORT_PRESETS.map((p) => (
            <Button key={p} variant="default" onClick={() => setRange(presetRange(p, new Date()))}>
              {t(`preset.${p}`)}
            </Button>
          ))}
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <div>
            <Text fw={500}>{t('resolution')}</Text>
            <SegmentedControl
              value={resolution}
              onChange={(v) => setResolution(v as Resolution)}
              data={RESOLUTIONS.map((r) => ({ value: r, label: t(`resolutions.${r}`) }))}
              data-testid="export-resolution"
            />
          </div>
          <div>
            <Text fw={500}>{t('format')}</Text>
            <SegmentedControl
              value={format}
              onChange={(v) => setFormat(v as Format)}
              data={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
              data-testid="export-format"
            />
          </div>
          <div>
            <Text fw={500}>{t('timeZone')}</Text>
            <SegmentedControl
              value={timeZone}
              onChange={(v) => setTimeZone(v as Zone)}
              data={EXPORT_TIME_ZONES.map((z) => ({ value: z, label: t(`timeZones.${z}`) }))}
              data-testid="export-time-zone"
            />
          </div>
        </Stack>
      </Paper>
      <Group>
        <Button onClick={() => void submit()} loading={busy} data-testid="export-submit">
          {t('submit')}
        </Button>
      </Group>
      {job.data && <JobProgress job={job.data} />}
      <Text size="sm" c="dimmed">
        {t('keptFor')}
      </Text>
    </Stack>
  );
}
