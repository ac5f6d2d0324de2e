import { RegistrationTransmitterStep } from '../../features/controller-registration/components/RegistrationTransmitterStep';
import RegistrationPage from '../../features/registration/routes/RegistrationPage';

/** /registration with the controller-registration feature's form as step 2 (one chunk, as before). */
export default function RegistrationWithTransmitterStep() {
  return <RegistrationPage TransmitterStep={RegistrationTransmitterStep} />;
}
