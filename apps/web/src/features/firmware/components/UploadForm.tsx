import { useState } from 'react';
import { Alert, Button, FileInput, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_NAME_MAX, FIRMWARE_VERSION_MAX } from '@hivescope/contract';
import { toastSuccess } from '../../../lib/toast';
import { useRefreshFirmware } from '../api';
import { checkUpload, formatBytes, type UploadErrors, type UploadField, type UploadValues } from '../form';
import { uploadFirmware } from '../upload';

const EMPTY: UploadValues = { version: '', name: '', file: null };

/**
 * Upload of a firmware image (docs/firmware.md): version and file are checked by the contract's rules before
 * anything is sent; while sending, a progress bar; a refusal of the server is shown under the form.
 */
export function UploadForm({ maxBytes }: { maxBytes: number }) {
  const { t, i18n } = useTranslation(['firmware', 'errors']);
  const refresh = useRefreshFirmware();
  const [values, setValues] = useState<UploadValues>(EMPTY);
  const [errors, setErrors] = useState<UploadErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // a new key empties the file input after a successful upload
  const [formKey, setFormKey] = useState(0);

  const change = (next: Partial<UploadValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(next).map((k) => [k, undefined])) }));
    setRefused(null);
  };

  const submit = async () => {
    const checked = checkUpload(values, maxBytes, i18n.language);
    if ('errors' in checked) return setErrors(checked.errors);
    setProgress(0);
    try {
      const answer = await uploadFirmware(checked, setProgress);
      toastSuccess(answer.message);
      setValues(EMPTY);
      setFormKey((k) => k + 1);
      await refresh();
    } catch (error) {
      setRefused(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  const err = (field: UploadField) => {
    const e = errors[field];
    return e ? t(e.key, e.values) : undefined;
  };
  const busy = progress !== null;

  return (
    <form
      key={formKey}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="firmware-upload"
    >
      <Stack maw={640} gap="sm">
        <Title order={2} size="h3">
          {t('upload.title')}
        </Title>
        <Group align="flex-start" grow>
          <TextInput
            label={t('upload.version')}
            description={t('upload.versionHint')}
            value={values.version}
            onChange={(e) => change({ version: e.currentTarget.value })}
            error={err('version')}
            maxLength={FIRMWARE_VERSION_MAX + 10}
            required
            disabled={busy}
            data-testid="firmware-upload-version"
          />
          <TextInput
            label={t('upload.name')}
            description={t('upload.nameHint')}
            value={values.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
            error={err('name')}
            maxLength={FIRMWARE_NAME_MAX + 10}
            disabled={busy}
            data-testid="firmware-upload-name"
          />
        </Group>
        <FileInput
          label={t('upload.file')}
          description={t('upload.fileHint', { max: formatBytes(maxBytes, i18n.language) })}
          placeholder={t('upload.filePlaceholder')}
          // Mantine's placeholder grey is below the contrast minimum (docs/accessibility.md): the text colour instead
          styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
          value={values.file}
          onChange={(file) => change({ file })}
          error={err('file')}
          clearable
          required
          disabled={busy}
          data-testid="firmware-upload-file"
        />
        {busy && (
          <Stack gap={4} data-testid="firmware-upload-progress">
            <Progress value={Math.round(progress * 100)} animated aria-label={t('upload.uploading')} />
            <Text size="sm" c="dimmed">
              {t('upload.progress', { percent: Math.round(progress * 100) })}
            </Text>
          </Stack>
        )}
        {refused && (
          <Alert color="red" data-testid="firmware-upload-refused">
            {refused}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={busy}
            leftSection={<IconUpload size={16} />}
            data-testid="firmware-upload-submit"
          >
            {t('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
