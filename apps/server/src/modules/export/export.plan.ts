import {
  DEVICE_SERIES,
  SCALE_SERIES,
  TIMELINE_WEATHER_SERIES,
  type ExportQuery,
  type ExportSeries,
  type Locale,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { scaleTargets, type ScaleTarget } from '../series/targets';
import { readableController } from '../controllers/controller-access';
import { addDays, dayCount, startOfDay } from './zone';

type NameOf<T extends readonly string[]> = T[number];
export type ControllerInfo = {
  controllerId: number;
  timeZone: string;
  name: string;
  location: { lat: number; lng: number } | null;
};

/**
 * What one export writes (docs/export.md): the scales (access checked like GET series), their controllers,
 * the series split by source, the time zone of the time column and the instants of the period.
 */
export type ExportPlan = {
  query: ExportQuery;
  locale: Locale;
  scales: ScaleTarget[];
  controllers: ControllerInfo[];
  scaleSeries: NameOf<typeof SCALE_SERIES>[];
  deviceSeries: NameOf<typeof DEVICE_SERIES>[];
  weatherSeries: NameOf<typeof TIMELINE_WEATHER_SERIES>[];
  /** the time column's zone: "UTC" or the first scale's controller's zone */
  zone: string;
  start: Date;
  end: Date;
  fileName: string;
};

const among =
  <T extends readonly ExportSeries[]>(list: T) =>
  (name: ExportSeries): name is T[number] =>
    (list as readonly string[]).includes(name);

async function controllerInfo(
  ctx: AppContext,
  auth: AuthContext,
  target: ScaleTarget,
): Promise<ControllerInfo> {
  const { view } = await readableController(ctx.db, target.controllerId, auth);
  const { lat, lng, name } = view.c;
  return {
    controllerId: target.controllerId,
    timeZone: target.timeZone,
    name,
    location: lat !== null && lng !== null ? { lat, lng } : null,
  };
}

/** ASCII letters, digits and hyphens: safe in every file system and header. */
function slug(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'scale';
}

/** "hivescope_Volk-1_Volk-2_2024-01-01_2024-12-31.csv"; more than three scales: "…_Volk-3_+5_…". */
export function exportFileName(scaleNames: string[], query: ExportQuery) {
  const shown = scaleNames.slice(0, 3).map(slug);
  if (scaleNames.length > 3) shown.push(`+${scaleNames.length - 3}`);
  return `hivescope_${shown.join('_')}_${query.from}_${query.to}.${query.format}`;
}

/** Checks access to every scale (one foreign or unknown id: 404) and lays out the export. */
export async function planExport(
  ctx: AppContext,
  auth: AuthContext,
  query: ExportQuery,
  locale: Locale,
): Promise<ExportPlan> {
  const scales = await scaleTargets(ctx, auth, query.scales);
  const controllers: ControllerInfo[] = [];
  for (const s of scales)
    if (!controllers.some((c) => c.controllerId === s.controllerId))
      controllers.push(await controllerInfo(ctx, auth, s));
  const zone = query.timeZone === 'utc' ? 'UTC' : (scales[0]?.timeZone ?? 'UTC');
  return {
    query,
    locale,
    scales,
    controllers,
    scaleSeries: query.series.filter(among(SCALE_SERIES)),
    deviceSeries: query.series.filter(among(DEVICE_SERIES)),
    weatherSeries: query.series.filter(among(TIMELINE_WEATHER_SERIES)),
    zone,
    start: startOfDay(query.from, zone),
    end: startOfDay(addDays(query.to, 1), zone),
    fileName: exportFileName(
      scales.map((s) => s.scale.name),
      query,
    ),
  };
}

/** Readings arrive every 15 minutes (docs/device-protocol.md). */
const RAW_STEP_S = 900;

/**
 * Rows the export will have, estimated from the period and resolution (an upper bound for complete data):
 * raw rows of different controllers rarely share a time, hourly and daily rows always do.
 */
export function estimateRows(plan: ExportPlan): number {
  const days = dayCount(plan.query.from, plan.query.to);
  if (plan.query.resolution === 'daily') return days;
  if (plan.query.resolution === 'hourly') return days * 24;
  return days * (86_400 / RAW_STEP_S) * plan.controllers.length;
}
