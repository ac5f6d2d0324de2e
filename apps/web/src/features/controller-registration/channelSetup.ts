import {
  CHANNELS_PER_CONTROLLER,
  LOAD_CELL_GROUP_SIZES,
  type ChannelConfig,
  type ChannelSetup,
} from '@hivescope/contract';

/** What is mounted on a channel: nothing, a scale (load-cell group) or a temperature/humidity sensor. */
export const CHANNEL_KINDS = ['none', 'weight', 'sensor'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export type LoadCellGroup = (typeof LOAD_CELL_GROUP_SIZES)[number];

/** One channel of the setup table as edited (kg fields as NumberInput values: number, or '' when empty). */
export type ChannelRow = {
  channel: number;
  kind: ChannelKind;
  cells: LoadCellGroup;
  name: string;
  emptyWeight: number | string;
  reserves: number | string;
  isBrood: boolean;
};

/** Rows for channels 1…8, nothing mounted. Row index = channel − 1. */
export function emptyChannelRows(): ChannelRow[] {
  return Array.from({ length: CHANNELS_PER_CONTROLLER }, (_, i) => ({
    channel: i + 1,
    kind: 'none',
    cells: 1,
    name: '',
    emptyWeight: '',
    reserves: '',
    isBrood: false,
  }));
}

/** kg as sent: empty = 0; anything not a number stays NaN so the contract reports it. */
export function toKg(value: number | string): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim().replace(',', '.');
  return trimmed === '' ? 0 : Number(trimmed);
}

/** Load cells the rows use (a transmitter has at most 8). */
export function usedLoadCells(rows: readonly ChannelRow[]): number {
  return rows.reduce((sum, row) => sum + (row.kind === 'weight' ? row.cells : 0), 0);
}

/**
 * The registration body's channel part: the load-cell configuration of every used channel and one scale
 * or sensor per used channel (docs/product.md §3: empty weight plus feed stock = total).
 */
export function toChannelSetup(rows: readonly ChannelRow[]): {
  channelConfig: ChannelConfig;
  channels: ChannelSetup[];
} {
  const used = rows.filter((row) => row.kind !== 'none');
  return {
    channelConfig: used.map((row) =>
      row.kind === 'weight'
        ? { channel: row.channel, kind: 'weight', cells: row.cells }
        : { channel: row.channel, kind: row.kind },
    ),
    channels: used.map((row) => ({
      channel: row.channel,
      name: row.name.trim(),
      type: row.kind === 'weight' ? 'weight' : 'sensor',
      isBrood: row.kind === 'weight' && row.isBrood,
      visible: true,
      emptyWeight: row.kind === 'weight' ? toKg(row.emptyWeight) : 0,
      reserves: row.kind === 'weight' ? toKg(row.reserves) : 0,
    })),
  };
}
