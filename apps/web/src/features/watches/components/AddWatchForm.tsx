import { TextInput } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { InlineForm, useInlineField } from '../../../components/ui/InlineForm';
import { useAddWatch } from '../api';
import { parseWatchCode } from '../watchCode';

/** Watch another user's controller by the code its owner gave (POST controller/watches { code }). */
export function AddWatchForm() {
  const { t } = useTranslation('watches');
  const mutation = useAddWatch();
  const field = useInlineField((text) => {
    const parsed = parseWatchCode(text);
    return 'error' in parsed ? { error: t(parsed.error) } : { value: parsed };
  }, mutation);

  return (
    <InlineForm
      field={field}
      testId="add-watch-form"
      button={{ label: t('add'), icon: <IconEye size={16} />, testId: 'add-watch' }}
    >
      <TextInput
        label={t('code')}
        placeholder={t('codePlaceholder')}
        description={t('codeHint')}
        value={field.text}
        onChange={(e) => field.change(e.currentTarget.value)}
        error={field.error}
        autoComplete="off"
        miw={260}
        data-testid="watch-code-input"
      />
    </InlineForm>
  );
}
