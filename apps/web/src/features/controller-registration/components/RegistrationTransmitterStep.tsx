import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/store/hooks';
import { refreshSessionUser } from '../../../app/store/session';
import { TransmitterRegistrationForm } from './TransmitterRegistrationForm';

/**
 * Step 2: register the user's transmitter (POST registration/controller). Success refreshes the session user
 * (the server clears `registrationPending`) and goes on to the success step. There is no skip: until the
 * transmitter registration is complete, further use is blocked (docs/product.md §4).
 */
export function RegistrationTransmitterStep({ onDone }: { onDone: () => void }) {
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
