import { Alert, Anchor, Card, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppDispatch } from '../../../app/store/hooks';
import { refreshSessionUser } from '../../../app/store/session';
import { TransmitterRegistrationForm } from './TransmitterRegistrationForm';

/**
 * Shown instead of every login-required screen while the session user's `registrationPending` is set
 * (docs/product.md §4: until the transmitter registration is complete, further use is blocked).
 */
export default function TransmitterRegistrationGate() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <Container size="lg" data-testid="transmitter-registration-gate">
      <PageTitle>{t('controller-registration:title')}</PageTitle>
      <Alert color="yellow" mb="md" data-testid="complete-transmitter-registration">
        {t('errors:completeTransmitterRegistration')}
      </Alert>
      <Card withBorder>
        <TransmitterRegistrationForm onRegistered={() => void refreshSessionUser(dispatch)} />
      </Card>
      <Group justify="flex-end" mt="sm">
        <Anchor component={Link} to="/logout" data-testid="transmitter-registration-logout">
          {t('common:nav.logout')}
        </Anchor>
      </Group>
    </Container>
  );
}
