import { useState } from 'react';
import { Alert, Button, Checkbox, Group, MultiSelect, Select, Stack, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, type NoticeCreate, type NoticeReach, type NoticeRegion } from '@hivescope/contract';
import { useAffiliations } from '../../../lib/affiliations';
import { toastError } from '../../../lib/toast';
import { fetchReach, useNoticeRegions, useSendNotice } from '../api';
import { noticeBody, type NoticeErrors, type NoticeFormValues } from '../form';
import { MessageField } from './MessageField';
import { SendConfirmModal } from './SendConfirmModal';

type Props = { admin: boolean; ownAffiliation: number | null };

const emptyValues = (ownAffiliation: number | null): NoticeFormValues => ({
  affiliation: ownAffiliation === null ? 'none' : String(ownAffiliation),
  regionIds: [],
  channelTypes: [],
  message: '',
});

/** Global and own regions as two groups of the multi-select (ids as values: names may repeat). */
function regionOptions(regions: NoticeRegion[], t: (key: string) => string) {
  const group = (global: boolean) => ({
    group: t(global ? 'form.global' : 'form.own'),
    items: regions.filter((r) => r.global === global).map((r) => ({ value: String(r.id), label: r.name })),
  });
  return [group(true), group(false)].filter((g) => g.items.length > 0);
}

/**
 * The notice form (docs/notices.md "Web"): regions, notification types and the message, checked by the
 * contract's rules; Send first asks the server how many it reaches and confirms, then sends.
 */
export function NoticeForm({ admin, ownAffiliation }: Props) {
  const { t } = useTranslation(['notices', 'errors']);
  const regions = useNoticeRegions();
  const affiliations = useAffiliations(admin);
  const mutation = useSendNotice();
  const [values, setValues] = useState<NoticeFormValues>(() => emptyValues(ownAffiliation));
  const [errors, setErrors] = useState<NoticeErrors>({});
  const [pending, setPending] = useState<{ body: NoticeCreate; reach: NoticeReach } | null>(null);
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const change = (next: Partial<NoticeFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(next).map((k) => [k, undefined])) }));
    setResult(null);
  };

  const submit = async () => {
    const parsed = noticeBody(values, admin);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setChecking(true);
    try {
      setPending({
        body: parsed.body,
        reach: await fetchReach(parsed.body.regionIds, parsed.body.channelTypes),
      });
    } catch (error) {
      toastError(error instanceof Error ? error.message : String(error));
    } finally {
      setChecking(false);
    }
  };

  const confirm = () => {
    if (!pending) return;
    mutation.mutate(pending.body, {
      onSuccess: (sent) => {
        setResult(sent.message);
        setValues((v) => ({ ...v, message: '' }));
      },
      onSettled: () => setPending(null),
    });
  };

  const err = (field: keyof NoticeErrors) => (errors[field] ? t(errors[field]) : undefined);
  const affiliationOptions = [
    { value: 'none', label: t('form.affiliationNone') },
    ...(affiliations.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  ];

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="notice-form"
    >
      <Stack maw={720}>
        <Title order={2} size="h3">
          {t('form.title')}
        </Title>
        {admin && (
          <Select
            label={t('form.affiliation')}
            data={affiliationOptions}
            value={values.affiliation}
            onChange={(v) => change({ affiliation: v ?? 'none' })}
            allowDeselect={false}
            maw={400}
            data-testid="notice-affiliation"
          />
        )}
        <MultiSelect
          label={t('form.regions')}
          description={t('form.regionsHint')}
          placeholder={t('form.regionsPlaceholder')}
          data={regionOptions(regions.data ?? [], t)}
          value={values.regionIds}
          onChange={(regionIds) => change({ regionIds })}
          error={err('regionIds')}
          searchable
          clearable
          required
          nothingFoundMessage="–"
          data-testid="notice-regions"
        />
        <Checkbox.Group
          label={t('form.types')}
          description={t('form.typesHint')}
          value={values.channelTypes}
          onChange={(types) => change({ channelTypes: types.filter((c) => c === 'email' || c === 'sms') })}
          error={err('channelTypes')}
          required
        >
          <Group mt="xs">
            {CHANNEL_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={t(`form.${type}`)}
                data-testid={`notice-type-${type}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <MessageField
          value={values.message}
          types={values.channelTypes}
          error={err('message')}
          onChange={(message) => change({ message })}
        />
        <Group>
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={checking}
            data-testid="notice-send"
          >
            {t('form.send')}
          </Button>
        </Group>
        {result && (
          <Alert color="green" data-testid="notice-result">
            {result}
          </Alert>
        )}
      </Stack>
      <SendConfirmModal
        reach={pending?.reach ?? null}
        sending={mutation.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </form>
  );
}
