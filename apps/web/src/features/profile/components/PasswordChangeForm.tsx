import { useTranslation } from 'react-i18next';
import { confirmedPasswords, plainPassword } from '../../../lib/form';
import { PasswordForm } from '../../../components/ui/PasswordForm';
import { changePassword } from '../api';

const schema = confirmedPasswords(
  { currentPassword: plainPassword, newPassword: plainPassword, newPasswordConfirmation: plainPassword },
  'newPassword',
  'newPasswordConfirmation',
);

/** Current, new and repeated password; all three are sent as SHA-256 digests. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  return (
    <PasswordForm
      schema={schema}
      fields={[
        {
          name: 'currentPassword',
          purpose: 'current',
          label: t('password:currentPassword'),
          testId: 'password-change-current',
        },
        {
          name: 'newPassword',
          purpose: 'new',
          label: t('password:newPassword'),
          testId: 'password-change-new',
        },
        {
          name: 'newPasswordConfirmation',
          purpose: 'new',
          label: t('password:newPasswordConfirmation'),
          testId: 'password-change-confirmation',
        },
      ]}
      send={changePassword}
      onDone={(reset) => reset()}
      testId="password-change-form"
      submit={{ label: t('password:change'), testId: 'password-change-submit', end: true }}
    />
  );
}
