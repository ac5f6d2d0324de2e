import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  firmwareAssignAnswerSchema,
  firmwareAssignQuerySchema,
  firmwareAssignSchema,
  firmwareControllerListSchema,
  firmwareControllersQuerySchema,
  firmwareListSchema,
  firmwareRolloutActionSchema,
  firmwareRolloutAnswerSchema,
  firmwareRolloutCreateSchema,
  firmwareRolloutDetailSchema,
  firmwareRolloutListSchema,
  firmwareUploadAnswerSchema,
  firmwareVersionQuerySchema,
  messageResponseSchema,
} from '@hivescope/contract';
import type { AppContext, AppServices } from '../../context';
import { requireAdmin } from '../../http/auth';
import { AppError } from '../../http/errors';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import {
  assignFirmware,
  deleteFirmware,
  firmwareControllers,
  getFirmware,
  listFirmware,
} from './firmware.service';
import { receiveUpload } from './upload';

const adminOnly = async (request: FastifyRequest) => void requireAdmin(request);

/**
 * Firmware over the air, admins only (docs/firmware.md; routes and schemas: packages/contract/src/firmware.ts).
 * The device's download is in modules/device (docs/device-protocol.md §3).
 */
export async function firmwareRoutes(app: FastifyInstance, ctx: AppContext & AppServices) {
  const maxBytes = ctx.config.firmwareMaxBytes;
  // One file and two short text fields; the file's limit is FIRMWARE_MAX_BYTES (this plugin's scope only).
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 1024, fieldNameSize: 50, parts: 3 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rollouts } = ctx;

  r.get('/admin/firmware', { onRequest: adminOnly, schema: { response: { 200: firmwareListSchema } } }, () =>
    listFirmware(ctx),
  );

  r.post(
    '/admin/firmware',
    { onRequest: adminOnly, schema: { response: { 201: firmwareUploadAnswerSchema } } },
    async (request, reply) => {
      const auth = requireAdmin(request);
      if (!request.isMultipart()) throw new AppError(400, 'errors:firmwareUploadInvalid');
      const version = await receiveUpload(request.parts(), {
        db: ctx.db,
        maxBytes,
        uploadedBy: auth.userId,
        locale: request.locale,
      });
      void reply.code(201);
      return {
        message: translate(request.locale, 'messages:firmwareUploaded', { version }),
        firmware: await getFirmware(ctx, version),
      };
    },
  );

  r.delete(
    '/admin/firmware',
    {
      onRequest: adminOnly,
      schema: { querystring: firmwareVersionQuerySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const { version } = request.query;
      await deleteFirmware(ctx, version);
      return { message: translate(request.locale, 'messages:firmwareDeleted', { version }) };
    },
  );

  r.post(
    '/admin/controller/firmware',
    {
      onRequest: adminOnly,
      schema: {
        querystring: firmwareAssignQuerySchema,
        body: firmwareAssignSchema,
        response: { 200: firmwareAssignAnswerSchema },
      },
    },
    async (request) => {
      const version = request.query.firmwareversion ?? null;
      const updated = await assignFirmware(ctx, version, request.body.controllerIds);
      const message = version
        ? translate(request.locale, 'messages:firmwareAssigned', { count: updated, version })
        : translate(request.locale, 'messages:firmwareCleared', { count: updated });
      return { message, updated };
    },
  );

  r.get(
    '/admin/firmware/controllers',
    {
      onRequest: adminOnly,
      schema: {
        querystring: firmwareControllersQuerySchema,
        response: { 200: firmwareControllerListSchema },
      },
    },
    (request) => firmwareControllers(ctx, request.query),
  );

  r.get(
    '/admin/firmware/rollouts',
    { onRequest: adminOnly, schema: { response: { 200: firmwareRolloutListSchema } } },
    () => rollouts.list(),
  );

  r.post(
    '/admin/firmware/rollout',
    {
      onRequest: adminOnly,
      schema: { body: firmwareRolloutCreateSchema, response: { 201: firmwareRolloutAnswerSchema } },
    },
    async (request, reply) => {
      const { rollout, firstStage } = await rollouts.create(requireAdmin(request).userId, request.body);
      void reply.code(201);
      const params = { version: rollout.version, count: firstStage };
      return { message: translate(request.locale, 'messages:firmwareRolloutStarted', params), rollout };
    },
  );

  r.get(
    '/admin/firmware/rollout/:id',
    { onRequest: adminOnly, schema: { params: idParams, response: { 200: firmwareRolloutDetailSchema } } },
    (request) => rollouts.detail(request.params.id),
  );

  r.post(
    '/admin/firmware/rollout/:id',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: firmwareRolloutActionSchema,
        response: { 200: firmwareRolloutAnswerSchema },
      },
    },
    async (request) => {
      const { key, params, rollout } = await rollouts.act(request.params.id, request.body.action);
      return { message: translate(request.locale, key, params), rollout };
    },
  );
}
