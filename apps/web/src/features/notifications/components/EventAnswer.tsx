import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALARM_ANSWERS, isAnswerableAlarmType, type AlarmAnswer, type AlarmEvent } from '@hivescope/contract';
import { formatDateTime } from '../../../lib/format';
import { useAnswerEvent } from '../answers';

const SHORT: Record<AlarmAnswer, 'answer.yesShort' | 'answer.noShort'> = {
  yes: 'answer.yesShort',
  no: 'answer.noShort',
};
const FOR: Record<AlarmAnswer, 'answer.yesFor' | 'answer.noFor'> = {
  yes: 'answer.yesFor',
  no: 'answer.noFor',
};
const ANSWERED: Record<AlarmAnswer, 'answer.answeredYes' | 'answer.answeredNo'> = {
  yes: 'answer.answeredYes',
  no: 'answer.answeredNo',
};

/** The recorded answer of an event as a badge (yes green, no gray), or "not answered". */
export function AnswerBadge({ answer }: { answer: AlarmAnswer | null }) {
  const { t } = useTranslation('notifications');
  if (answer === null)
    return (
      <Text size="sm" c="dimmed" data-testid="event-answer" data-answer="none">
        {t('answer.unanswered')}
      </Text>
    );
  return (
    <Badge
      color={answer === 'yes' ? 'green' : 'gray'}
      variant="light"
      data-testid="event-answer"
      data-answer={answer}
    >
      {t(ANSWERED[answer])}
    </Badge>
  );
}

/**
 * Did it happen? For a swarm, disturbance or removed event (docs/alarms.md "Answers"): the owner gets two
 * buttons, the recorded one filled (pressing the other changes the answer); others see the answer only.
 */
export function EventAnswer({ event }: { event: AlarmEvent }) {
  const { t, i18n } = useTranslation('notifications');
  const save = useAnswerEvent();
  if (!isAnswerableAlarmType(event.type)) return null;
  if (!event.answerable) return <AnswerBadge answer={event.answer} />;
  const params = { type: t(`events.types.${event.type}`), time: formatDateTime(event.time, i18n.language) };
  return (
    <Group gap={4} wrap="nowrap" data-testid="event-answer-buttons" data-answer={event.answer ?? 'none'}>
      {ALARM_ANSWERS.map((answer) => (
        <Button
          key={answer}
          size="compact-sm"
          variant={event.answer === answer ? 'filled' : 'default'}
          color={answer === 'yes' ? 'green' : 'gray'}
          aria-pressed={event.answer === answer}
          aria-label={t(FOR[answer], params)}
          title={t(answer === 'yes' ? 'answer.yes' : 'answer.no')}
          loading={save.isPending && save.variables.answer === answer}
          disabled={save.isPending}
          onClick={() => event.answer !== answer && save.mutate({ id: event.id, answer })}
          data-testid={`event-answer-${answer}`}
        >
          {t(SHORT[answer])}
        </Button>
      ))}
    </Group>
  );
}
