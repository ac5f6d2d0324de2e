import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type core } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translate } from '../i18n';

/**
 * An error a route or service throws on purpose: an HTTP status and an i18n key ("ns:key" or a key of the
 * errors namespace). The error handler turns it into `{ message }` in the caller's language.
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly key: string,
    public readonly params?: Record<string, unknown>,
    public readonly fields?: Record<string, string>,
  ) {
    super(key);
  }
}

/**
 * 429 of one of the app's limits (modules/session/rate-limit.ts): the message names the limit and when it lifts,
 * and the answer carries `Retry-After` (seconds).
 */
export class TooManyAttempts extends AppError {
  constructor(
    limit: { max: number; windowMs: number },
    public readonly retryAfterSeconds: number,
  ) {
    super(429, 'errors:tooManyAttempts', {
      max: limit.max,
      window: Math.round(limit.windowMs / 60_000),
      count: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
    });
  }
}

export const unauthorized = () => new AppError(401, 'errors:notLoggedIn');
export const forbidden = () => new AppError(403, 'errors:forbidden');
export const notFound = () => new AppError(404, 'errors:notFound');
export const badRequest = (key = 'errors:checkInputs', fields?: Record<string, string>) =>
  new AppError(400, key, undefined, fields);

/** Schema messages that are i18n keys: the errors namespace, or the shop's (`shop:zipInvalid`, `shop-admin:…`, docs/shop.md). */
const MESSAGE_KEY = /^(errors|shop|shop-admin):[\w.-]+$/;

function issueKey(issue: { code: string; message: string }): string {
  if (MESSAGE_KEY.test(issue.message)) return issue.message;
  if (issue.code === 'unrecognized_keys') return 'errors:unknownField';
  return 'errors:fieldRequired';
}

/** Maps validation issues to `{ "path.to.field": "localised message" }`. */
export function fieldsFromIssues(
  issues: ReadonlyArray<Pick<core.$ZodIssue, 'code' | 'message' | 'path'> & { keys?: string[] }>,
  locale: Parameters<typeof translate>[0],
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    const names =
      issue.code === 'unrecognized_keys' && issue.keys
        ? issue.keys.map((k) => (base ? `${base}.${k}` : k))
        : [base];
    for (const name of names) fields[name || '_'] ??= translate(locale, issueKey(issue));
  }
  return fields;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const locale = request.locale;
    if (error instanceof AppError) {
      if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({
        message: translate(locale, error.key, error.params),
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromIssues(
        // fastify-type-provider-zod 6 flattens each zod issue into { keyword, instancePath, message, params }.
        error.validation.map((v) => ({
          code: v.keyword as core.$ZodIssue['code'],
          message: v.message ?? '',
          path: v.instancePath.split('/').filter(Boolean),
          keys: (v.params as { keys?: string[] }).keys,
        })),
        locale,
      );
      const first = Object.values(fields)[0];
      const key = Object.values(fields).some((m) => m !== translate(locale, 'errors:fieldRequired'))
        ? first
        : undefined;
      return reply.status(400).send({ message: key ?? translate(locale, 'errors:checkInputs'), fields });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({
        message: translate(locale, 'errors:checkInputs'),
        fields: fieldsFromIssues(error.issues, locale),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({ message: translate(locale, 'errors:payloadTooLarge') });
    if (status === 429)
      return reply.status(429).send({ message: translate(locale, 'errors:tooManyRequests') });
    if (status === 408 || status === 503)
      return reply.status(status).send({ message: translate(locale, 'errors:timeout') });
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: translate(locale, status === 404 ? 'errors:notFound' : 'errors:malformedRequest') });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: translate(locale, 'errors:errorOccurred') });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: translate(request.locale, 'errors:notFound') });
  });
}
