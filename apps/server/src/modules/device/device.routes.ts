import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEVICE_BODY_LIMIT, deviceReportSchema, type DeviceReportAnswer } from '@hivescope/contract';
import type { AppContext, AppServices } from '../../context';
import { AppError } from '../../http/errors';
import { translate } from '../../i18n';
import { detectionNudger } from '../alarms/alarms.jobs';
import { forwardingNudger } from '../forwarding/forwarding.jobs';
import { answerDownload } from '../firmware/download';
import { createDeviceService, type DeviceController, type DeviceService } from './device.service';

const controllerOf = new WeakMap<FastifyRequest, DeviceController>();

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m?.[1] ?? null;
}

/** The issue's i18n key when it is one of ours, else the generic "report is not valid". */
const keyOf = (message: string) =>
  message.startsWith('device:') || message.startsWith('errors:') ? message : 'device:invalidReport';

/**
 * Device protocol v1 (docs/device-protocol.md). The bearer token is checked before the body is
 * read (onRequest), so unknown callers cannot make the server parse 2 MiB. The body is validated here (not
 * by a route schema) so that every 400 names the first problem in the device namespace.
 */
export async function deviceRoutes(
  app: FastifyInstance,
  ctx: AppContext & AppServices,
  service?: DeviceService,
) {
  const nudgeDetection = detectionNudger(ctx.queue, app.log);
  const nudgeForwarding = forwardingNudger(ctx.queue, app.log);
  // firmware roll-outs (docs/firmware.md): a report may update a controller's standing in its roll-out
  const { rollouts } = ctx;
  const device =
    service ??
    createDeviceService({
      db: ctx.db,
      publicUrl: ctx.config.publicUrl,
      onStored: () => {
        nudgeDetection();
        nudgeForwarding();
      },
      firmware: { concerns: rollouts.concerns, record: rollouts.onReport },
      log: app.log,
    });
  const authenticate = async (request: FastifyRequest) => {
    controllerOf.set(request, await device.authenticate(bearer(request)));
  };
  const controller = (request: FastifyRequest) => {
    const c = controllerOf.get(request);
    if (!c) throw new AppError(401, 'device:invalidToken');
    return c;
  };

  app.post(
    '/device/v1/report',
    { bodyLimit: DEVICE_BODY_LIMIT, onRequest: authenticate },
    async (request): Promise<DeviceReportAnswer> => {
      const parsed = deviceReportSchema.safeParse(request.body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          fields[issue.path.map(String).join('.') || '_'] ??= translate(request.locale, keyOf(issue.message));
        }
        const first = parsed.error.issues[0];
        throw new AppError(400, keyOf(first?.message ?? ''), undefined, fields);
      }
      return device.report(controller(request), parsed.data);
    },
  );

  // Firmware download (docs/device-protocol.md §3): not compressed (images are, and ranges count raw bytes).
  app.get<{ Params: { version: string } }>(
    '/device/v1/firmware/:version',
    { onRequest: authenticate, compress: false },
    async (request, reply) => {
      const header = (name: string) => {
        const v = request.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      const answer = await answerDownload(
        { db: ctx.db, noteDownload: rollouts.noteDownload },
        controller(request),
        request.params.version,
        { range: header('range'), ifRange: header('if-range'), ifNoneMatch: header('if-none-match') },
      );
      void reply.code(answer.status).headers(answer.headers);
      if (answer.status === 416)
        return reply.send({ message: translate(request.locale, 'device:rangeNotSatisfiable') });
      return 'body' in answer ? reply.send(answer.body) : reply.send();
    },
  );
}
