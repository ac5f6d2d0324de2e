import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageSchema, messageResponseSchema, profileSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { translate } from '../../i18n';
import { saveOwnLanguage, saveOwnProfile } from './profile.service';

const loggedIn = async (request: FastifyRequest) => void requireUser(request);
const message = { 200: messageResponseSchema };

/** The caller's own profile and language (user/profile, user/language; docs/api-conventions.md). */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/user/profile',
    { onRequest: loggedIn, schema: { body: profileSchema, response: message } },
    async (request) => {
      await saveOwnProfile(ctx, requireUser(request).userId, request.body);
      return { message: translate(request.locale, 'messages:saved') };
    },
  );

  /** The logged-in user's stored language; for anonymous callers the one picked from Accept-Language. */
  r.get('/user/language', { schema: { response: { 200: languageSchema } } }, async (request) => ({
    language: request.auth?.locale ?? request.locale,
  }));

  r.post(
    '/user/language',
    { onRequest: loggedIn, schema: { body: languageSchema, response: message } },
    async (request) => {
      const { language } = request.body;
      await saveOwnLanguage(ctx, requireUser(request).userId, language);
      return { message: translate(language, 'messages:languageSaved') };
    },
  );
}
