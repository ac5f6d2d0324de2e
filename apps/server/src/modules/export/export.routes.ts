import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportRequestSchema, jobCreateResponseSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { translate } from '../../i18n';
import { exportJobFile, startExport, type ExportFile } from './export.service';

/** attachment; an ASCII name plus the exact one (RFC 6266 / 5987). */
function sendFile(reply: FastifyReply, file: ExportFile) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .send(file.stream);
}

/**
 * POST export (ours: the product's call list names none) and GET export/files/{id} (docs/export.md).
 * Read access per scale as for GET series.
 */
export async function exportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (request) => void requireUser(request));
  r.post(
    '/export',
    { schema: { body: exportRequestSchema, response: { 202: jobCreateResponseSchema } } },
    async (request, reply) => {
      const started = await startExport(ctx, requireUser(request), request.body, request.locale, (err) =>
        request.log.error({ err }, 'export failed while streaming'),
      );
      if (started.kind === 'file') return sendFile(reply, started);
      return reply
        .code(202)
        .send({ message: translate(request.locale, 'export:jobStarted'), job: started.job });
    },
  );
  r.get(
    '/export/files/:id',
    { schema: { params: z.object({ id: z.uuid({ message: 'errors:notFound' }) }) } },
    async (request, reply) =>
      sendFile(reply, await exportJobFile(ctx, requireUser(request), request.params.id)),
  );
}
