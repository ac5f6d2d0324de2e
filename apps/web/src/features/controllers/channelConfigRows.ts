import {
  CHANNELS_PER_CONTROLLER,
  channelConfigSchema,
  loadCellCount,
  type ChannelConfig,
  type ChannelConfigEntry,
} from '@hivescope/contract';

/**
 * The load-cell configuration as the editor shows it: one row per channel (1–8). Combined channels are
 * shown as a group letter (A–D): channels with the same letter are read together as one scale.
 */
export type ChannelKind = ChannelConfigEntry['kind'];
export type CellGroup = 1 | 2 | 4;
export const GROUP_LETTERS = ['A', 'B', 'C', 'D'] as const;
export type GroupLetter = (typeof GROUP_LETTERS)[number];

export type ChannelConfigRow = {
  channel: number;
  kind: ChannelKind;
  cells: CellGroup;
  group: GroupLetter | null;
};

const CHANNELS = Array.from({ length: CHANNELS_PER_CONTROLLER }, (_, i) => i + 1);

export function configToRows(config: ChannelConfig): ChannelConfigRow[] {
  const byChannel = new Map(config.map((e) => [e.channel, e]));
  const letters = new Map<string, GroupLetter>();
  return CHANNELS.map((channel) => {
    const entry = byChannel.get(channel);
    if (!entry) return { channel, kind: 'none', cells: 1, group: null };
    let group: GroupLetter | null = null;
    if (entry.kind === 'weight' && entry.combinedWith?.length) {
      const key = [...new Set([channel, ...entry.combinedWith])].sort((a, b) => a - b).join(',');
      group = letters.get(key) ?? GROUP_LETTERS[letters.size] ?? null;
      if (group && !letters.has(key)) letters.set(key, group);
    }
    return { channel, kind: entry.kind, cells: entry.cells ?? 1, group };
  });
}

/** The configuration sent with POST controller/{id}: channels set to "none" are left out. */
export function rowsToConfig(rows: ChannelConfigRow[]): ChannelConfig {
  return rows
    .filter((r) => r.kind !== 'none')
    .map((r): ChannelConfigEntry => {
      if (r.kind !== 'weight') return { channel: r.channel, kind: r.kind };
      const entry: ChannelConfigEntry = { channel: r.channel, kind: 'weight', cells: r.cells };
      if (r.group) {
        const others = rows.filter(
          (o) => o.kind === 'weight' && o.group === r.group && o.channel !== r.channel,
        );
        entry.combinedWith = others.map((o) => o.channel);
      }
      return entry;
    });
}

export type ConfigProblems = { general: string[]; byChannel: Map<number, string> };

/**
 * Checks the rows with the contract's rules (groups of 1, 2, 4 cells; at most 8 cells; combined groups of
 * 2, 4, 6 or 8 channels). Messages are i18n keys ("errors:…"), by channel where the contract names one.
 */
export function configProblems(rows: ChannelConfigRow[]): ConfigProblems {
  const problems: ConfigProblems = { general: [], byChannel: new Map() };
  const config = rowsToConfig(rows);
  for (const row of rows) {
    const alone =
      row.kind === 'weight' &&
      row.group &&
      !config.some((e) => e.channel === row.channel && e.combinedWith?.length);
    if (alone) problems.byChannel.set(row.channel, 'errors:combinedChannels');
  }
  const result = channelConfigSchema.safeParse(config);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const index = issue.path[0];
      const channel = typeof index === 'number' ? config[index]?.channel : undefined;
      if (channel === undefined) {
        if (!problems.general.includes(issue.message)) problems.general.push(issue.message);
      } else if (!problems.byChannel.has(channel)) problems.byChannel.set(channel, issue.message);
    }
  }
  return problems;
}

export function hasProblems(problems: ConfigProblems): boolean {
  return problems.general.length > 0 || problems.byChannel.size > 0;
}

export function rowsLoadCells(rows: ChannelConfigRow[]): number {
  return loadCellCount(rowsToConfig(rows));
}
