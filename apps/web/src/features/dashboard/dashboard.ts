import {
  netWeight as computeNetWeight,
  roundToGrams,
  type Controller,
  type MidnightValues,
  type Scale,
  type SubscriptionState,
} from '@hivescope/contract';
import { DASHBOARD_MODES, type DashboardMode } from '../../app/store/settingsSlice';

/** How often the tiles are reloaded while the dashboard is open (controllers report every 1–6 h). */
export const DASHBOARD_REFRESH_MS = 60_000;
/** Midnight values change once a day; reload them now and then so a new day is picked up. */
export const MIDNIGHT_REFRESH_MS = 5 * 60_000;
/** A change smaller than this (kg) counts as "no change" in the activity display. */
export const CHANGE_EPSILON_KG = 0.05;

/** A persisted or typed mode, falling back to classic for anything unknown. */
export function toDashboardMode(value: unknown): DashboardMode {
  return (DASHBOARD_MODES as readonly unknown[]).includes(value) ? (value as DashboardMode) : 'classic';
}

/** Today's change: current weight − weight at the last local midnight (null when either is unknown). */
export function todayChange(
  current: number | null | undefined,
  midnight: number | null | undefined,
): number | null {
  if (current === null || current === undefined || midnight === null || midnight === undefined) return null;
  return roundToGrams(current - midnight);
}

/** Net weight = total − empty weight − reserves; the server's `net` when it sent one. */
export function netWeight(scale: Pick<Scale, 'net' | 'weight' | 'emptyWeight' | 'reserves'>): number | null {
  return scale.net ?? computeNetWeight(scale.weight, scale.emptyWeight, scale.reserves);
}

export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

export function changeDirection(change: number | null): ChangeDirection {
  if (change === null) return 'none';
  if (Math.abs(change) < CHANGE_EPSILON_KG) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** Colour of today's change: gain green, loss red, no change grey. */
export const CHANGE_COLORS: Record<ChangeDirection, string> = {
  up: 'green',
  down: 'red',
  flat: 'gray',
  none: 'gray',
};

export type SubscriptionBadge = { color: string; labelKey: `subscription.${SubscriptionState}` };

/** The badge of a controller's subscription state (docs/product.md §4: active, expiring soon, expired). */
export function subscriptionBadge(state: SubscriptionState): SubscriptionBadge {
  const colors: Record<SubscriptionState, string> = {
    active: 'green',
    expiringSoon: 'yellow',
    expired: 'red',
  };
  return { color: colors[state], labelKey: `subscription.${state}` };
}

/** Signal strength in bars 0–4 from dBm (GSM: ≥ −70 excellent … < −110 none); null when unknown. */
export function signalBars(dBm: number | null): number | null {
  if (dBm === null) return null;
  if (dBm >= -70) return 4;
  if (dBm >= -85) return 3;
  if (dBm >= -100) return 2;
  if (dBm >= -110) return 1;
  return 0;
}

/** Battery voltage colour of a 1-cell lithium pack: < 3.5 V red, < 3.7 V yellow. */
export function batteryColor(voltage: number | null): string {
  if (voltage === null) return 'gray';
  if (voltage < 3.5) return 'red';
  return voltage < 3.7 ? 'yellow' : 'green';
}

/** The scales a dashboard shows: visible ones, by channel. */
export function visibleScales(controller: Pick<Controller, 'scales'>): Scale[] {
  return controller.scales
    .filter((s) => s.visible && s.state !== 'archived')
    .sort((a, b) => a.channel - b.channel);
}

/** Weight of a scale at the last midnight from GET controller/{id}/midnightvalues. */
export function midnightWeight(values: MidnightValues | undefined, idscale: number): number | null {
  return values?.scales.find((s) => s.idscale === idscale)?.weight ?? null;
}

export type TileValues = {
  weight: number | null;
  change: number | null;
  direction: ChangeDirection;
  net: number | null;
};

export function tileValues(scale: Scale, midnight: number | null): TileValues {
  const change = scale.type === 'weight' ? todayChange(scale.weight, midnight) : null;
  return { weight: scale.weight, change, direction: changeDirection(change), net: netWeight(scale) };
}

/** The largest net weight of the weight scales shown (the 100 % of the bars), at least 1 kg. */
export function maxNetWeight(scales: Scale[]): number {
  return scales.reduce((max, s) => (s.type === 'weight' ? Math.max(max, netWeight(s) ?? 0) : max), 1);
}

/** Width of a bar in percent of the largest net weight (negative nets show an empty bar). */
export function barPercent(net: number | null, max: number): number {
  if (net === null || net <= 0 || max <= 0) return 0;
  return Math.min(100, (net / max) * 100);
}
