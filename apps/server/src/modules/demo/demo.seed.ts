import {
  DEFAULT_ROLE,
  adminControllerCreateSchema,
  adminControllerUpdateSchema,
  channelConfigSchema,
  scaleCreateSchema,
  type ChannelConfig,
} from '@hivescope/contract';
import { createDemoFleet, modelOf, type ControllerDef } from '@hivescope/simulator';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { adminUpdateController, createController } from '../admin-controllers/admin-controllers.service';
import { hashPassword } from '../password/password.hash';
import { addAccountMailChannel } from '../notifications/channels.service';
import { createScale } from '../scales/scales.service';
import { insertUser } from '../users/users.repository';
import { DEMO_CONTROLLERS, DEMO_EMAIL, DEMO_PASSWORD, DEMO_PROFILE, DEMO_SEED } from './demo.constants';
import { backdate, setMissingChannelConfig } from './demo.repository';

export type DemoDevice = { id: number; def: ControllerDef; token: string };

export const demoFleet = () => createDemoFleet(DEMO_SEED, DEMO_CONTROLLERS);

/**
 * The load-cell configuration matching what a demo controller reports: one load cell under each weighed
 * hive on its channel, the climate sensor on its own channel, the other channels unused.
 */
export function demoChannelConfig(def: ControllerDef): ChannelConfig {
  return channelConfigSchema.parse(
    def.channels.map(({ channel, kind }) =>
      kind === 'scale' ? { channel, kind: 'weight', cells: 1 } : { channel, kind: 'sensor' },
    ),
  );
}

/** Gives a demo controller its load-cell configuration if it has none (seed, and demo databases of older versions). */
export const ensureDemoChannelConfig = (ctx: AppContext, id: number, def: ControllerDef) =>
  setMissingChannelConfig(ctx.db, id, demoChannelConfig(def));

/**
 * Creates the demo beekeeper and, through the same services an admin and an owner use, the demo
 * controllers (owner = demo user, IMEI left empty: learned from the first report) with a scale per weighed
 * hive and one climate sensor. Returns the controllers with their device tokens.
 */
export async function seedDemoAccount(ctx: AppContext, since: Date): Promise<DemoDevice[]> {
  const user = await insertUser(ctx.db, {
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    locale: 'de',
    ...DEMO_PROFILE,
  });
  if (!user) throw new Error(`${DEMO_EMAIL} exists already`);
  // the demo's alarms are "sent" to its own address (the mail outbox without SMTP), so the events list shows them
  await addAccountMailChannel(ctx, user.id, DEMO_EMAIL);
  const auth: AuthContext = {
    userId: user.id,
    sessionId: 'demo-seed',
    email: DEMO_EMAIL,
    admin: false,
    role: DEFAULT_ROLE,
    manager: false,
    affiliationId: null,
    locale: 'de',
  };
  const devices: DemoDevice[] = [];
  for (const def of demoFleet()) {
    const body = adminControllerCreateSchema.parse({
      name: def.name,
      location: def.location,
      updateInterval: def.updateInterval,
      imsi: def.imsi,
    });
    const { id, deviceToken } = await createController(ctx, body);
    await adminUpdateController(ctx, id, adminControllerUpdateSchema.parse({ ownerEmail: DEMO_EMAIL }));
    let hive = 0;
    for (const spec of def.channels) {
      const traits = modelOf(def).hive(spec.channel).traits;
      const scale = spec.kind === 'scale';
      await createScale(
        ctx,
        auth,
        scaleCreateSchema.parse({
          controllerId: id,
          channelId: spec.channel,
          name: scale ? `Volk ${++hive}` : 'Stockklima Volk 1',
          type: scale ? 'weight' : 'sensor',
          isBrood: false,
          emptyWeight: scale ? Math.round(traits.emptyWeight * 10) / 10 : 0,
          reserves: scale ? Math.round(traits.keepStores * 10) / 10 : 0,
        }),
      );
    }
    await ensureDemoChannelConfig(ctx, id, def);
    devices.push({ id, def, token: deviceToken });
  }
  await backdate(
    ctx.db,
    devices.map((d) => d.id),
    since,
  );
  return devices;
}

/** A fresh device token for an existing demo controller (tokens are stored hashed, so each start makes one). */
export async function renewToken(ctx: AppContext, id: number): Promise<string> {
  const { deviceToken } = await adminUpdateController(
    ctx,
    id,
    adminControllerUpdateSchema.parse({ regenerateToken: true }),
  );
  if (!deviceToken) throw new Error(`no device token for controller ${id}`);
  return deviceToken;
}
