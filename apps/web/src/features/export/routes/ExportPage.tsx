import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExportSeries } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { isApiError } from '../../../lib/api';
import { useControllers } from '../../../lib/controllers';
import { toastError, toastSuccess } from '../../../lib/toast';
import { runExport, useExportJob } from '../api';
import { FileOptions, type FileOptionValues } from '../components/FileOptions';
import { JobProgress } from '../components/JobProgress';
import { PeriodPicker } from '../components/PeriodPicker';
import { ScalePicker } from '../components/ScalePicker';
import { SeriesPicker } from '../components/SeriesPicker';
import { presetRange } from '../presets';

/** /export — chosen scales, series, period, resolution, format and time zone to a CSV or XLSX file. */
export default function ExportPage() {
  const { t, i18n } = useTranslation(['export', 'common']);
  const controllers = useControllers();
  const [scales, setScales] = useState<number[]>([]);
  const [series, setSeries] = useState<ExportSeries[]>(['weight']);
  const [range, setRange] = useState(() => presetRange('7d', new Date()));
  const [options, setOptions] = useState<FileOptionValues>({
    resolution: 'hourly',
    format: 'csv',
    timeZone: 'local',
  });
  const [missingScales, setMissingScales] = useState(false);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExportJob(jobId);

  const submit = async () => {
    if (scales.length === 0) {
      setMissingScales(true);
      return;
    }
    setMissingScales(false);
    setBusy(true);
    try {
      const result = await runExport({ scales, series, ...range, ...options }, i18n.language);
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
        <ScalePicker
          controllers={controllers.data}
          scales={scales}
          onChange={setScales}
          missing={missingScales}
        />
      )}
      <SeriesPicker series={series} onChange={setSeries} />
      <PeriodPicker range={range} onChange={setRange} />
      <FileOptions value={options} onChange={setOptions} />
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
