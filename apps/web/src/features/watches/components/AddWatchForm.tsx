import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAddWatch } from '../api';
import { parseWatchCode } from '../watchCode';

/** Watch another user's controller by the code its owner gave (POST controller/watches { code }). */
export function AddWatchForm() {
  const { t } = useTranslation('watches');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useAddWatch();

  const submit = () => {
    const parsed = parseWatchCode(value);
    if ('error' in parsed) return setError(t(parsed.error));
    setError(null);
    mutation.mutate(parsed, {
      onSuccess: () => setValue(''),
      onError: (e) => setError(e.message),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="add-watch-form"
    >
      <Group align="flex-start">
        <TextInput
          label={t('code')}
          placeholder={t('codePlaceholder')}
          description={t('codeHint')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          miw={260}
          data-testid="watch-code-input"
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 46 }}
          leftSection={<IconEye size={16} />}
          loading={mutation.isPending}
          data-testid="add-watch"
        >
          {t('add')}
        </Button>
      </Group>
    </form>
  );
}
