import { DEV_FORWARD_SECRET_KEY } from '../../apps/server/src/config';
import { answerLink, signAnswerToken } from '../../apps/server/src/modules/notifications/answer-token';

/**
 * The path of an alarm mail's answer link for an event (docs/alarms.md "Answers"), signed as the server under
 * test signs it: with its operator secret, the development one unless FORWARD_SECRET_KEY is set.
 */
export function answerLinkPath(eventId: number, answer: 'yes' | 'no' = 'yes'): string {
  const secret = process.env.FORWARD_SECRET_KEY ?? DEV_FORWARD_SECRET_KEY;
  return answerLink('', signAnswerToken(secret, eventId, new Date()), answer);
}
