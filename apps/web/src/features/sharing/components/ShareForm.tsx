import { useMemo, useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  SERIES_NAMES,
  SHARE_KINDS,
  SHARE_LIVE_DAYS_MAX,
  SHARE_TYPES,
  type SeriesName,
  type ShareCreateResponse,
  type ShareType,
} from '@hivescope/contract';
import { useControllers } from '../../../lib/controllers';
import type { SharePrefill } from '../../../lib/shareUrl';
import { createShare, useShareMutation } from '../api';
import { initialValues, shareBody, type ShareFormValues } from '../shareForm';
import { ShareResult } from './ShareResult';

type Props = { opened: boolean; prefill: SharePrefill | null; onClose: () => void };

/** The create form (Settings → Sharing and the timeline's share button), then the link once created. */
export function ShareForm({ opened, prefill, onClose }: Props) {
  const { t } = useTranslation(['sharing', 'timeline', 'errors']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('sharing:form.title')}
      size="lg"
      data-testid="share-form"
    >
      {opened && <ShareFormBody prefill={prefill} onClose={onClose} />}
    </Modal>
  );
}

function ShareFormBody({ prefill, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation(['sharing', 'timeline', 'errors']);
  const [values, setValues] = useState<ShareFormValues>(() => initialValues(prefill));
  const [scaleError, setScaleError] = useState<string | null>(null);
  const [created, setCreated] = useState<ShareCreateResponse | null>(null);
  const create = useShareMutation(createShare);
  const controllers = useControllers();
  // only one's own live scales can be shared: not watched ones, not the archive (server checks it too)
  const scaleOptions = useMemo(
    () =>
      (controllers.data ?? [])
        .filter((c) => !c.readOnly)
        .map((c) => ({
          group: c.name,
          items: c.scales
            .filter((s) => s.state !== 'archived')
            .map((s) => ({ value: String(s.idscale), label: s.name })),
        }))
        .filter((g) => g.items.length > 0),
    [controllers.data],
  );
  const set = <K extends keyof ShareFormValues>(key: K, value: ShareFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  if (created)
    return (
      <Stack>
        <ShareResult created={created} />
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="share-form-close">
            {t('sharing:form.cancel')}
          </Button>
        </Group>
      </Stack>
    );

  const submit = () => {
    if (values.scales.length === 0) return setScaleError(t('errors:selectScalesFirst'));
    create.mutate(shareBody(values), { onSuccess: setCreated });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack>
        <MultiSelect
          label={t('sharing:form.scales')}
          description={t('sharing:form.scalesHint')}
          data={scaleOptions}
          value={values.scales}
          onChange={(v) => {
            setScaleError(null);
            set('scales', v);
          }}
          error={scaleError}
          nothingFoundMessage={t('sharing:form.noScales')}
          searchable
          data-testid="share-scales"
        />
        <MultiSelect
          label={t('sharing:form.series')}
          data={SERIES_NAMES.map((s) => ({ value: s, label: t(`timeline:series.${s}`) }))}
          value={values.series}
          onChange={(v) => set('series', v as SeriesName[])}
          searchable
          data-testid="share-series"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="share-type-label">
            {t('sharing:form.type')}
          </Text>
          <SegmentedControl
            aria-labelledby="share-type-label"
            data={SHARE_TYPES.map((s) => ({ value: s, label: t(`sharing:types.${s}`) }))}
            value={values.type}
            onChange={(v) => set('type', v as ShareType)}
            data-testid="share-type"
          />
        </Stack>
        {values.type === 'fixed' && (
          <Group grow>
            <TextInput
              type="date"
              label={t('sharing:form.from')}
              value={values.from}
              onChange={(e) => set('from', e.currentTarget.value)}
              data-testid="share-from"
            />
            <TextInput
              type="date"
              label={t('sharing:form.to')}
              value={values.to}
              onChange={(e) => set('to', e.currentTarget.value)}
              data-testid="share-to"
            />
          </Group>
        )}
        {values.type === 'live' && (
          <NumberInput
            label={t('sharing:form.days')}
            min={1}
            max={SHARE_LIVE_DAYS_MAX}
            value={values.days}
            onChange={(v) => set('days', typeof v === 'number' ? v : Number(v) || 1)}
            data-testid="share-days"
          />
        )}
        {values.type === 'live' && (
          <Checkbox
            label={t('sharing:form.publicOnMap')}
            description={t('sharing:form.publicOnMapHint')}
            checked={values.publicOnMap}
            onChange={(e) => set('publicOnMap', e.currentTarget.checked)}
            data-testid="share-public-on-map"
          />
        )}
        <Textarea
          label={t('sharing:form.description')}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          autosize
          minRows={2}
          data-testid="share-description"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="share-kind-label">
            {t('sharing:form.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="share-kind-label"
            data={SHARE_KINDS.map((k) => ({ value: k, label: t(`sharing:kinds.${k}`) }))}
            value={values.kind}
            onChange={(v) => set('kind', v as ShareFormValues['kind'])}
            data-testid="share-kind"
          />
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('sharing:form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="share-submit">
            {t('sharing:form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
