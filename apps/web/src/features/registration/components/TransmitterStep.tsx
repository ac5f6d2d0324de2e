import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/store/hooks';
import { refreshSessionUser } from '../../session/session';
import { TransmitterRegistrationForm } from '../../controller-registration/components/TransmitterRegistrationForm';

/**
 * Step 2: register the user's transmitter (POST registration/controller). Success refreshes the session user
 * (the server clears `registrationPending`) and goes on to the success step. There is no skip: until the
 * transmitter registration is complete, further use is blocked (spec §4).
 */
export function TransmitterStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('controller-registration');
  const dispatch = useAppDispatch();
  return (
    <Stack data-testid="registration-transmitter-step">
      <Text>{t('registrationStepIntro')}</Text>
      <TransmitterRegistrationForm
        onRegistered={async () => {
          await refreshSessionUser(dispatch);
          onDone();
        }}
      />
    </Stack>
  );
}
