import { z } from 'zod';
import { ALARM_ANSWERS, alarmAnswerSchema, alarmTypeSchema } from './alarm';

/**
 * Answers to alarms (docs/alarms.md "Answers"): the owner's in the app, anyone's with the signed link of the
 * alarm mail, and the admin's precision per type.
 */

/** POST notification/events/{id}/answer: the owner's answer in the app. */
export const alarmAnswerBodySchema = z.object({ answer: alarmAnswerSchema }).strict();
export type AlarmAnswerBody = z.infer<typeof alarmAnswerBodySchema>;

/** The answer of POST notification/events/{id}/answer and POST alarm-answer: the toast and what is stored. */
export const alarmAnswerSavedSchema = z.object({ message: z.string(), answer: z.enum(ALARM_ANSWERS) });
export type AlarmAnswerSaved = z.infer<typeof alarmAnswerSavedSchema>;

/** The signed token of the mail's link: `<event id>.<expiry, epoch seconds>.<HMAC, base64url>`. */
export const alarmAnswerTokenSchema = z
  .string({ message: 'errors:alarmAnswerLinkInvalid' })
  .max(200, { message: 'errors:alarmAnswerLinkInvalid' })
  .regex(/^\d{1,16}\.\d{1,12}\.[\w-]{16,64}$/, { message: 'errors:alarmAnswerLinkInvalid' });

/** GET alarm-answer?token: what the mail's link shows (records nothing). */
export const alarmAnswerTokenQuerySchema = z.object({ token: alarmAnswerTokenSchema }).strict();

/** POST alarm-answer { token, answer }: the page's button (no login). */
export const publicAlarmAnswerBodySchema = z
  .object({ token: alarmAnswerTokenSchema, answer: alarmAnswerSchema })
  .strict();
export type PublicAlarmAnswerBody = z.infer<typeof publicAlarmAnswerBodySchema>;

/** The event behind a mail's link, in the caller's language, and its answer if one is recorded. */
export const alarmAnswerViewSchema = z.object({
  type: alarmTypeSchema,
  /** The event's one-line description, as in the events list. */
  text: z.string(),
  time: z.string(),
  answer: z.enum(ALARM_ANSWERS).nullable(),
  /** When the link stops working. */
  expiresAt: z.string(),
});
export type AlarmAnswerView = z.infer<typeof alarmAnswerViewSchema>;

/** GET admin/notifications/precision: per answerable type, the answers and yes ÷ answered (null: none yet). */
export const alarmPrecisionSchema = z.array(
  z.object({
    type: alarmTypeSchema,
    yes: z.number().int(),
    no: z.number().int(),
    precision: z.number().nullable(),
  }),
);
export type AlarmPrecision = z.infer<typeof alarmPrecisionSchema>;
