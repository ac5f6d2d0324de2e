import { useState } from 'react';
import { Alert, Button, Card, Container, Group, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ControllerCreateForm, type Created } from '../components/ControllerCreateForm';
import { DeviceTokenBox } from '../components/DeviceTokenBox';

/**
 * /a/controllers/create — creates a controller, then shows its device token once; "Done" goes to /settings
 * (docs/controllers.md "Admin calls"; the token screen in between is a documented deviation, docs/decisions.md "Web").
 */
export default function AdminControllerCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [created, setCreated] = useState<Created | null>(null);

  return (
    <Container size="md">
      <PageTitle>{t('common:screens.adminControllerCreate')}</PageTitle>
      <Card withBorder padding="lg">
        {created ? (
          <Stack data-testid="admin-controller-created">
            <Alert color="green" icon={<IconCircleCheck />}>
              {created.message}
            </Alert>
            <DeviceTokenBox token={created.deviceToken} imsi={created.imsi} imei={created.imei} />
            <Group justify="flex-end">
              <Button onClick={() => navigate('/settings')} data-testid="admin-controller-create-done">
                {t('admin-controllers:token.done')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <ControllerCreateForm onCreated={setCreated} />
        )}
      </Card>
    </Container>
  );
}
