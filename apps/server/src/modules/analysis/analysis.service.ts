import type {
  AnalysisQuery,
  AnalysisResponse,
  HeatmapHoursQuery,
  HeatmapHoursResponse,
  HeatmapQuery,
  HeatmapResponse,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { lastWeights } from '../measurements/measurements.service';
import { scaleTarget, scaleTargets, type ScaleTarget } from '../series/targets';
import {
  addDays,
  changes,
  dayRow,
  daysBetween,
  figures,
  hourGrid,
  insideWindow,
  type Window,
} from './changes';

/**
 * Heat map and analysis calls (docs/timeline.md, "Heat map and analysis"): read access exactly as GET series
 * (owner, admin, watcher, manager of the affiliation; one foreign id fails the whole call with 404).
 */

const windowOf = (target: ScaleTarget): Window => ({
  from: new Date(target.scale.setup_at).getTime() / 1000,
  to: target.scale.archived_at === null ? Infinity : new Date(target.scale.archived_at).getTime() / 1000,
});

const ref = (target: ScaleTarget) => ({
  idscale: target.scale.id,
  controllerId: target.controllerId,
  name: target.scale.name,
});

/** A scale's last weights inside its window, from the day before `from` (the first change's base). */
async function steps(
  ctx: AppContext,
  target: ScaleTarget,
  period: { from: string; to: string },
  resolution: 'daily' | 'hourly',
) {
  const all = await lastWeights(ctx.db, {
    controllerId: target.controllerId,
    channel: target.scale.channel,
    timeZone: target.timeZone,
    fromDay: resolution === 'daily' ? addDays(period.from, -1) : period.from,
    toDay: period.to,
    resolution,
  });
  return insideWindow(all, windowOf(target));
}

export async function getAnalysis(
  ctx: AppContext,
  auth: AuthContext,
  query: AnalysisQuery,
): Promise<AnalysisResponse> {
  const targets = await scaleTargets(ctx, auth, query.scales);
  const scales = [];
  for (const target of targets) {
    const daily = await steps(ctx, target, query, 'daily');
    const offset = target.scale.empty_weight + target.scale.reserves;
    scales.push({ ...ref(target), ...figures(daily, query.from, offset) });
  }
  return { from: query.from, to: query.to, scales };
}

export async function getHeatmap(
  ctx: AppContext,
  auth: AuthContext,
  query: HeatmapQuery,
): Promise<HeatmapResponse> {
  const targets = await scaleTargets(ctx, auth, query.scales);
  const days = daysBetween(query.from, query.to);
  const rows = [];
  for (const target of targets) {
    const daily = changes(await steps(ctx, target, query, 'daily'), 'daily');
    rows.push({ ...ref(target), values: dayRow(daily, days) });
  }
  return { from: query.from, to: query.to, days, rows };
}

export async function getHeatmapHours(
  ctx: AppContext,
  auth: AuthContext,
  query: HeatmapHoursQuery,
): Promise<HeatmapHoursResponse> {
  const target = await scaleTarget(ctx, auth, query.scale);
  const days = daysBetween(query.from, query.to);
  const hourly = changes(await steps(ctx, target, query, 'hourly'), 'hourly');
  return { ...ref(target), from: query.from, to: query.to, days, values: hourGrid(hourly, days) };
}
