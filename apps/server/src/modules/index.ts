import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { appRoutes } from './app/app.routes';
import { deviceRoutes } from './device/device.routes';
import { passwordRoutes } from './password/password.routes';
import { profileRoutes } from './profile/profile.routes';
import { registrationRoutes } from './registration/registration.routes';
import { sessionRoutes } from './session/session.routes';
import { usersRoutes } from './users/users.routes';
import { controllersRoutes } from './controllers/controllers.routes';
import { watchesRoutes } from './watches/watches.routes';
import { scalesRoutes } from './scales/scales.routes';
import { controllerRegistrationRoutes } from './controller-registration/controller-registration.routes';
import { adminControllersRoutes } from './admin-controllers/admin-controllers.routes';
import { seriesRoutes } from './series/series.routes';
import { interventionsRoutes } from './interventions/interventions.routes';
import { jobsRoutes } from './jobs/jobs.routes';
import { exportRoutes } from './export/export.routes';
import { analysisRoutes } from './analysis/analysis.routes';

/** Every feature module, registered under /api. Add one line per module. */
export async function registerModules(api: FastifyInstance, ctx: AppContext) {
  await api.register(async (r) => appRoutes(r, ctx));
  await api.register(async (r) => deviceRoutes(r, ctx));
  await api.register(async (r) => sessionRoutes(r, ctx));
  await api.register(async (r) => passwordRoutes(r, ctx));
  await api.register(async (r) => registrationRoutes(r, ctx));
  await api.register(async (r) => profileRoutes(r, ctx));
  await api.register(async (r) => usersRoutes(r, ctx));
  await api.register(async (r) => controllersRoutes(r, ctx));
  await api.register(async (r) => watchesRoutes(r, ctx));
  await api.register(async (r) => scalesRoutes(r, ctx));
  await api.register(async (r) => controllerRegistrationRoutes(r, ctx));
  await api.register(async (r) => adminControllersRoutes(r, ctx));
  await api.register(async (r) => seriesRoutes(r, ctx));
  await api.register(async (r) => interventionsRoutes(r, ctx));
  await api.register(async (r) => jobsRoutes(r, ctx));
  await api.register(async (r) => exportRoutes(r, ctx));
  await api.register(async (r) => analysisRoutes(r, ctx));
}
