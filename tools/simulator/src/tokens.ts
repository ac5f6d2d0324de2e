/** The tokens file of the CLI: controllers that already exist on the server. */
import { readFile } from 'node:fs/promises';
import { CHANNELS_PER_CONTROLLER, UPDATE_INTERVAL_MAX, UPDATE_INTERVAL_MIN } from '@hivescope/contract';
import { z } from 'zod';
import { controllerDefFor, drawIdentity, type ControllerDef } from './fleet';
import { rngFor } from './model/random';

const digits15 = z.string().regex(/^\d{15}$/, '15 digits');

export const tokensFileSchema = z.array(
  z.object({
    token: z.string().min(1),
    imsi: digits15,
    /** Optional: derived from the IMSI when missing (the server learns it from the first report). */
    imei: digits15.optional(),
    name: z.string().optional(),
    location: z.object({ lat: z.number(), lng: z.number() }).optional(),
    updateInterval: z.number().int().min(UPDATE_INTERVAL_MIN).max(UPDATE_INTERVAL_MAX).optional(),
    channels: z
      .array(
        z.object({
          channel: z.number().int().min(1).max(CHANNELS_PER_CONTROLLER),
          kind: z.enum(['scale', 'sensor']),
        }),
      )
      .optional(),
  }),
);

export type TokensFile = z.infer<typeof tokensFileSchema>;

export interface DeviceWithToken {
  def: ControllerDef;
  token: string;
}

export function devicesFromTokens(entries: TokensFile): DeviceWithToken[] {
  return entries.map((entry, index) => {
    const imei = entry.imei ?? drawIdentity(rngFor(entry.imsi, 'imei')).imei;
    return { token: entry.token, def: controllerDefFor({ ...entry, imei }, index) };
  });
}

export async function readTokensFile(path: string): Promise<DeviceWithToken[]> {
  const parsed = tokensFileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${z.prettifyError(parsed.error)}`);
  return devicesFromTokens(parsed.data);
}
