import type { ComponentType } from 'react';
import { Card, Container, Stepper } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { REGISTRATION_STEPS, toRegistrationStep, type RegistrationStep } from '../steps';
import { SuccessStep } from '../components/SuccessStep';
import { UserDataStep } from '../components/UserDataStep';

/** Step 2's content: the transmitter registration, passed in by app/wiring (it belongs to another feature). */
export type TransmitterStepComponent = ComponentType<{ onDone: () => void }>;

/** /registration?step=user|transmitter|success — user data, transmitter registration, success page. */
export default function RegistrationPage({ TransmitterStep }: { TransmitterStep: TransmitterStepComponent }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const step = toRegistrationStep(params.get('step'));
  const goTo = (next: RegistrationStep) => setParams({ step: next });

  return (
    <Container size="md">
      <PageTitle>{t('common:screens.registration')}</PageTitle>
      <Stepper active={REGISTRATION_STEPS.indexOf(step)} allowNextStepsSelect={false} mb="lg" size="sm">
        <Stepper.Step label={t('registration:stepUser')} />
        <Stepper.Step label={t('registration:stepTransmitter')} />
        <Stepper.Step label={t('registration:stepSuccess')} />
      </Stepper>
      <Card withBorder padding="lg">
        {step === 'user' && <UserDataStep onDone={() => goTo('transmitter')} />}
        {step === 'transmitter' && <TransmitterStep onDone={() => goTo('success')} />}
        {step === 'success' && <SuccessStep />}
      </Card>
    </Container>
  );
}
