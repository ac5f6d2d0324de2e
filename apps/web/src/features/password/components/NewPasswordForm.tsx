import { useTranslation } from 'react-i18next';
import { confirmedPasswords, plainPassword } from '../../../lib/form';
import { PasswordForm } from '../../../components/ui/PasswordForm';
import { setNewPassword } from '../api';

const schema = confirmedPasswords(
  { password: plainPassword, passwordConfirmation: plainPassword },
  'password',
  'passwordConfirmation',
);

/** New password + confirmation for a reset token; both sent as SHA-256 digests. */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <PasswordForm
      schema={schema}
      fields={[
        { name: 'password', purpose: 'new', label: t('password:newPassword'), testId: 'password-reset-new' },
        {
          name: 'passwordConfirmation',
          purpose: 'new',
          label: t('password:newPasswordConfirmation'),
          testId: 'password-reset-confirmation',
        },
      ]}
      send={(digests) => setNewPassword({ token, ...digests })}
      onDone={onDone}
      testId="password-reset-form"
      submit={{ label: t('password:setPassword'), testId: 'password-reset-submit' }}
    />
  );
}
