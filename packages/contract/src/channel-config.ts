import { z } from 'zod';
import { CHANNELS_PER_CONTROLLER, MAX_LOAD_CELLS } from './constants';
import { channelNumberSchema } from './scale';

/** Sizes a combined group of channels may have (docs/controllers.md: "when combined, channels are 2, 4, 6 or 8"). */
export const COMBINED_CHANNEL_COUNTS = [2, 4, 6, 8] as const;

/**
 * Load-cell configuration of one channel (rules in docs/controllers.md):
 * - `kind`: `weight` (load cells), `sensor` (temperature/humidity) or `none`;
 * - `cells`: for `weight` only, the load-cell group on this channel: 1, 2 or 4 cells;
 * - `combinedWith`: for `weight` only, the other channels read together with this one as one scale.
 *   A combined group (this channel + combinedWith) has 2, 4, 6 or 8 channels and every member lists the others.
 * Over all channels at most 8 load cells. Channels not listed are `none`.
 */
export const channelConfigEntrySchema = z
  .object({
    channel: channelNumberSchema,
    kind: z.enum(['weight', 'sensor', 'none']),
    cells: z
      .union([z.literal(1), z.literal(2), z.literal(4)], { message: 'errors:loadCellGroup' })
      .optional(),
    combinedWith: z
      .array(channelNumberSchema)
      .max(CHANNELS_PER_CONTROLLER - 1)
      .optional(),
  })
  .strict();
export type ChannelConfigEntry = z.infer<typeof channelConfigEntrySchema>;

const invalid = (ctx: z.RefinementCtx, path: (string | number)[], message: string) =>
  ctx.addIssue({ code: 'custom', path, message });

function checkEntries(entries: ChannelConfigEntry[], ctx: z.RefinementCtx) {
  const byChannel = new Map<number, ChannelConfigEntry>();
  entries.forEach((e, i) => {
    if (byChannel.has(e.channel)) invalid(ctx, [i, 'channel'], 'errors:channelDuplicate');
    byChannel.set(e.channel, e);
    if (e.kind === 'weight' && e.cells === undefined) invalid(ctx, [i, 'cells'], 'errors:loadCellGroup');
    if (e.kind !== 'weight' && (e.cells !== undefined || e.combinedWith?.length)) {
      invalid(ctx, [i, 'kind'], 'errors:channelConfigInvalid');
    }
  });
  const cells = entries.reduce((sum, e) => sum + (e.kind === 'weight' ? (e.cells ?? 0) : 0), 0);
  if (cells > MAX_LOAD_CELLS) invalid(ctx, [], 'errors:tooManyLoadCells');
  entries.forEach((e, i) => {
    if (!e.combinedWith?.length) return;
    const group = [...new Set([e.channel, ...e.combinedWith])].sort((a, b) => a - b);
    const key = group.join(',');
    const sizeOk = (COMBINED_CHANNEL_COUNTS as readonly number[]).includes(group.length);
    const consistent = group.every((ch) => {
      const m = byChannel.get(ch);
      if (!m || m.kind !== 'weight') return false;
      return [...new Set([m.channel, ...(m.combinedWith ?? [])])].sort((a, b) => a - b).join(',') === key;
    });
    if (!sizeOk || !consistent || e.combinedWith.length !== group.length - 1) {
      invalid(ctx, [i, 'combinedWith'], 'errors:combinedChannels');
    }
  });
}

/** The whole load-cell configuration of a controller, validated against the rules above. */
export const channelConfigSchema = z
  .array(channelConfigEntrySchema)
  .max(CHANNELS_PER_CONTROLLER, { message: 'errors:channelConfigInvalid' })
  .superRefine(checkEntries);
export type ChannelConfig = z.infer<typeof channelConfigSchema>;

/** Number of load cells a configuration uses. */
export function loadCellCount(config: ChannelConfig): number {
  return config.reduce((sum, e) => sum + (e.kind === 'weight' ? (e.cells ?? 0) : 0), 0);
}
