import { Group, NumberInput, PasswordInput, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ForwardingFormValues } from './form';

/**
 * The FTP server of a forwarding: host, port, login, directory and explicit FTPS. The password is the FTP
 * account's (not the user's own), so the browser is asked not to fill in a saved one.
 */
export function FtpFields({ form }: { form: UseFormReturnType<ForwardingFormValues> }) {
  const { t } = useTranslation('forwarding');
  const field = (name: keyof ForwardingFormValues) => ({
    ...form.getInputProps(name),
    'data-testid': `forwarding-${name}`,
  });
  return (
    <>
      <Group align="flex-start" grow wrap="wrap">
        <TextInput
          label={t('add.host')}
          description={t('add.hostHint')}
          autoComplete="off"
          withAsterisk
          miw={220}
          {...field('host')}
        />
        <NumberInput
          label={t('add.port')}
          min={1}
          max={65_535}
          allowDecimal={false}
          allowNegative={false}
          maw={140}
          {...field('port')}
        />
      </Group>
      <Group align="flex-start" grow wrap="wrap">
        <TextInput label={t('add.user')} autoComplete="off" withAsterisk miw={200} {...field('user')} />
        <PasswordInput
          label={t('add.password')}
          description={t('add.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          miw={200}
          {...field('password')}
        />
      </Group>
      <TextInput
        label={t('add.directory')}
        description={t('add.directoryHint')}
        autoComplete="off"
        maw={480}
        {...field('directory')}
      />
      <Switch
        label={t('add.secure')}
        description={t('add.secureHint')}
        {...form.getInputProps('secure', { type: 'checkbox' })}
        data-testid="forwarding-secure"
      />
    </>
  );
}
