import { Alert, Anchor, Button, Card, Container, Group, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  alarmAnswerSchema,
  alarmAnswerTokenSchema,
  ALARM_ANSWERS,
  type AlarmAnswer,
} from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { formatDateTime } from '../../../lib/format';
import { useAnswerByToken, useAnswerView } from '../answers';

const LABEL: Record<AlarmAnswer, 'answer.yes' | 'answer.no'> = { yes: 'answer.yes', no: 'answer.no' };
const ANSWERED: Record<AlarmAnswer, 'answer.yesShort' | 'answer.noShort'> = {
  yes: 'answer.yesShort',
  no: 'answer.noShort',
};

/**
 * /alarm-answer?token=…&answer=yes|no — the answer links of an alarm mail (docs/alarms.md "Answers"). Public:
 * the mail may be opened where nobody is logged in. Opening it only reads the event (mail scanners follow
 * links); the answer is recorded when the person presses a button. The link's answer is the filled button.
 */
export default function AlarmAnswerPage() {
  const { t, i18n } = useTranslation(['notifications', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const suggested = alarmAnswerSchema.safeParse(params.get('answer')).data ?? null;
  const valid = alarmAnswerTokenSchema.safeParse(token).success;
  const view = useAnswerView(token, valid);
  const save = useAnswerByToken();

  const error = !valid ? t('errors:alarmAnswerLinkInvalid') : (view.error?.message ?? save.error?.message);
  const open = view.data && view.data.answer === null && !save.isSuccess;
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="lg" data-testid="alarm-answer-page">
        <PageTitle>{t('common:screens.alarmAnswer')}</PageTitle>
        {valid && view.isPending && <CenteredLoader label={t('answerPage.loading')} />}
        {view.data && (
          <Stack gap="sm">
            <Text fw={600} data-testid="alarm-answer-event">
              {view.data.text}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(view.data.time, i18n.language)}
            </Text>
            {view.data.answer !== null && (
              <Alert color="blue" data-testid="alarm-answer-already">
                {t('answerPage.already', { answer: t(ANSWERED[view.data.answer]) })}
              </Alert>
            )}
            {open && (
              <>
                <Text>{t('answerPage.question')}</Text>
                <Text size="sm">{t('answerPage.why')}</Text>
                <Group>
                  {ALARM_ANSWERS.map((answer) => (
                    <Button
                      key={answer}
                      variant={suggested === answer ? 'filled' : 'default'}
                      color={answer === 'yes' ? 'green' : 'gray'}
                      loading={save.isPending && save.variables.answer === answer}
                      disabled={save.isPending}
                      onClick={() => save.mutate({ token, answer })}
                      data-testid={`alarm-answer-${answer}`}
                    >
                      {t(LABEL[answer])}
                    </Button>
                  ))}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('answerPage.expires', { time: formatDateTime(view.data.expiresAt, i18n.language) })}
                </Text>
              </>
            )}
          </Stack>
        )}
        {save.isSuccess && (
          <Alert color="green" mt="md" data-testid="alarm-answer-success">
            {save.data.message}{' '}
            <Anchor component={Link} to="/settings?tab=notifications">
              {t('answerPage.toSettings')}
            </Anchor>
          </Alert>
        )}
        {error && (
          <Alert color="red" mt="md" data-testid="alarm-answer-error">
            {error}
          </Alert>
        )}
      </Card>
    </Container>
  );
}
