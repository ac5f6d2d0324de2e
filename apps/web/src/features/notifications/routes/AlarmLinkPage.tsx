import { useEffect } from 'react';
import { Alert, Anchor, Container } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { timelineMomentLink } from '../../../lib/timelineUrl';
import { useAlarmEvent } from '../api';

const SETTINGS = '/settings?tab=notifications';

/**
 * /alarm/{id} — the short link of an alarm SMS (docs/alarms.md "Sending"): reads the event and opens the
 * timeline 12 h either side of it (a subscription ending: the notification settings). An event the person
 * may not read, or one that was deleted, shows "not found".
 */
export default function AlarmLinkPage() {
  const { t } = useTranslation(['common', 'notifications', 'errors']);
  const id = Number(useParams().id);
  const event = useAlarmEvent(id);
  const navigate = useNavigate();
  const target = event.data
    ? event.data.type === 'subscription'
      ? SETTINGS
      : timelineMomentLink(event.data)
    : null;

  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);

  const failed = event.isError || !Number.isInteger(id) || id <= 0;
  return (
    <Container size="sm" py="xl" data-testid="alarm-link">
      <PageTitle>{t('common:screens.alarm')}</PageTitle>
      {!failed && <CenteredLoader label={t('notifications:alarmLink.opening')} />}
      {failed && (
        <Alert color="red" data-testid="alarm-link-error">
          {event.error?.message ?? t('notifications:alarmLink.notFound')}{' '}
          <Anchor component={Link} to={SETTINGS}>
            {t('notifications:confirmPage.toSettings')}
          </Anchor>
        </Alert>
      )}
    </Container>
  );
}
