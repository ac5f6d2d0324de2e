import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cantonsImportResponseSchema,
  messageResponseSchema,
  REGION_GEOJSON_MAX_CHARS,
  regionListSchema,
  regionSaveResponseSchema,
  regionSaveSchema,
  regionUpdateSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../http/auth';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import {
  CANTONS_ATTRIBUTION,
  createRegion,
  deleteRegion,
  importCantons,
  listGlobalRegions,
  listRegions,
  updateRegion,
} from './regions.service';

/**
 * Regions (docs/regions.md): GET region, POST region (geojson stringified), POST region/{id},
 * DELETE region/{id}, GET admin/region, and ours: POST admin/region/cantons (the Swiss cantons import).
 */
/** A region's geojson may be larger than the app's usual body limit (the text plus the JSON quoting). */
const bodyLimit = 2 * REGION_GEOJSON_MAX_CHARS + 64 * 1024;

export async function regionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/region', { schema: { response: { 200: regionListSchema } } }, (request) =>
    listRegions(ctx, requireUser(request)),
  );

  r.post(
    '/region',
    { bodyLimit, schema: { body: regionSaveSchema, response: { 200: regionSaveResponseSchema } } },
    async (request) => {
      const region = await createRegion(ctx, requireUser(request), request.body);
      return { message: translate(request.locale, 'regions:saved'), region };
    },
  );

  r.post(
    '/region/:id',
    {
      bodyLimit,
      schema: { params: idParams, body: regionUpdateSchema, response: { 200: regionSaveResponseSchema } },
    },
    async (request) => {
      const region = await updateRegion(ctx, requireUser(request), request.params.id, request.body);
      return { message: translate(request.locale, 'regions:saved'), region };
    },
  );

  r.delete(
    '/region/:id',
    { schema: { params: idParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      await deleteRegion(ctx, requireUser(request), request.params.id);
      return { message: translate(request.locale, 'regions:deleted') };
    },
  );

  r.get('/admin/region', { schema: { response: { 200: regionListSchema } } }, (request) =>
    listGlobalRegions(ctx, requireAdmin(request)),
  );

  r.post(
    '/admin/region/cantons',
    { schema: { response: { 200: cantonsImportResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      const counts = await importCantons(ctx);
      const message = translate(request.locale, 'regions:cantonsImported', counts);
      return { message, ...counts, attribution: CANTONS_ATTRIBUTION };
    },
  );
}
