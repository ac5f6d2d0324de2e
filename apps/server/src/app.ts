import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickLocale } from '@hivescope/contract';
import type { AppContext, AppServices } from './context';
import { registerErrorHandler } from './http/errors';
import { registerJsonParser } from './http/json';
import { RequestLogController, requestLogSerializer } from './http/log';
import { registerSecurity } from './http/security';
import { translate } from './i18n';
import { registerModules } from './modules';
import { tileCspSource } from './modules/app/map-tiles';
import { registerSession } from './modules/session/session.plugin';
import { withServices } from './services';
import { serveWeb } from './web';

export type { AppContext };

// WEB_DIST lets a test run serve its own build of the web app (several builds side by side); normally unset.
export const webDist = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

type AppOptions = { logger?: boolean; webDist?: string };

/** Builds the HTTP app (the API tests; main.ts uses buildServer). */
export async function buildApp(
  core: AppContext & Partial<AppServices>,
  opts: AppOptions = {},
): Promise<FastifyInstance> {
  return (await buildServer(core, opts)).app;
}

/**
 * Builds the HTTP app and the context its modules share: the mailer, the SMS provider and the roll-out
 * service are built here once, logging through the app's logger (main.ts hands the same context to the jobs).
 */
export async function buildServer(
  core: AppContext & Partial<AppServices>,
  opts: AppOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext & AppServices }> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: core.config.logLevel,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'req.headers["x-share-token"]',
              'res.headers["set-cookie"]',
            ],
            serializers: { req: requestLogSerializer },
          },
    // Request lines at debug; errors, 5xx and slow requests stay visible at the default level (http/log.ts).
    logController: new RequestLogController(),
    bodyLimit: 256 * 1024,
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    // TRUST_PROXY=1: one reverse proxy in front. Trust exactly that hop, so the client is the address the proxy
    // saw (the last X-Forwarded-For entry). `true` would take the first entry, which any client can write, and
    // so dodge every per-ip limit; a number is refused by Fastify (trusts nothing).
    trustProxy: core.config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify raises before routing (a URL that is not valid percent-encoding): the usual { message }.
    frameworkErrors: (_error, request, reply: FastifyReply) => {
      const locale = pickLocale(request.headers['accept-language']);
      void reply.status(400).send({ message: translate(locale, 'errors:malformedRequest') });
    },
  }).withTypeProvider<ZodTypeProvider>();
  const ctx = withServices(core, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorateRequest('auth', null);
  app.decorateRequest('locale', 'de');
  app.decorateRequest('shareToken', null);
  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
    const share = request.headers['x-share-token'];
    request.shareToken = typeof share === 'string' && share.length > 0 ? share : null;
  });

  registerErrorHandler(app);
  registerJsonParser(app);
  await registerSecurity(app, {
    tileHosts: [tileCspSource(ctx.config.mapTileUrl)],
    hsts: ctx.config.hsts,
    publicUrl: ctx.config.publicUrl,
  });
  await app.register(cookie);
  // Before every route: brotli or gzip for the API's JSON and the web app (index.html and the assets).
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await registerSession(app, ctx);
  await app.register(async (api) => registerModules(api, ctx), { prefix: '/api' });
  await serveWeb(app, ctx, opts.webDist ?? webDist);
  return { app, ctx };
}
