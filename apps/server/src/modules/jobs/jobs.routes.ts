import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  jobCreateResponseSchema,
  jobCreateSchema,
  jobPageSchema,
  jobsQuerySchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../http/auth';
import { translate } from '../../i18n';
import { allJobs, ownJobs, startJob } from './jobs.service';

const list = { querystring: jobsQuerySchema, response: { 200: jobPageSchema } };

/**
 * Jobs (docs/weather.md "Jobs API"): GET jobs (own), GET admin/jobs (all), both paged lists
 * (docs/api-conventions.md "Lists and pagination"), and POST jobs.
 */
export async function jobsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/jobs', { onRequest: async (request) => void requireUser(request), schema: list }, (request) =>
    ownJobs(ctx, requireUser(request), request.query),
  );

  r.get(
    '/admin/jobs',
    { onRequest: async (request) => void requireAdmin(request), schema: list },
    (request) => allJobs(ctx, request.query),
  );

  r.post(
    '/jobs',
    {
      onRequest: async (request) => void requireUser(request),
      schema: { body: jobCreateSchema, response: { 200: jobCreateResponseSchema } },
    },
    async (request) => {
      const job = await startJob(ctx, requireUser(request), request.body);
      return { message: translate(request.locale, 'jobs:started'), job };
    },
  );
}
