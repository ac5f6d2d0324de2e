import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** True when a string or an object key anywhere in `value` holds U+0000. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype poisoning refused) plus one rule: no U+0000 in any string or key.
 * PostgreSQL text cannot store it, so such a body would otherwise fail with a 500 deep in a query
 * (and a transmitter would resend a 5xx report forever). The body is refused as unreadable (400).
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body.toString(), (err, value) => {
      if (err) return done(err, undefined);
      if (containsNul(value)) return done(new AppError(400, 'errors:malformedRequest'), undefined);
      done(null, value);
    });
  });
}
