/**
 * The bee year on the Swiss plateau as yearly curves (day of year → value), for a reference colony.
 * Spring flow (fruit trees, dandelion, rape) mid-April to May, a June gap, summer flow (lime,
 * forest honeydew) mid-June to July, dearth from August, winter cluster November to February.
 */
import { annual, clamp, smoothstep } from './time';

type Anchors = readonly (readonly [number, number])[];

/** Nectar intake (kg/day) of the spring flow at full colony strength and good flying weather. */
const SPRING_FLOW: Anchors = [
  [1, 0],
  [90, 0],
  [100, 0.25],
  [112, 1.1],
  [125, 1.6],
  [140, 1.1],
  [152, 0.3],
  [160, 0],
  [365, 0],
];

/** Nectar/honeydew intake (kg/day) of the summer flow. */
const SUMMER_FLOW: Anchors = [
  [1, 0],
  [155, 0],
  [165, 0.5],
  [175, 1.2],
  [190, 1.3],
  [202, 0.8],
  [213, 0.2],
  [225, 0.03],
  [240, 0],
  [365, 0],
];

/** Food consumption (kg/day) of a reference colony: ≈ 35 g/day in the winter cluster. */
const CONSUMPTION: Anchors = [
  [1, 0.035],
  [45, 0.04],
  [60, 0.07],
  [80, 0.12],
  [100, 0.2],
  [130, 0.3],
  [200, 0.32],
  [230, 0.25],
  [250, 0.17],
  [274, 0.1],
  [300, 0.05],
  [320, 0.035],
  [365, 0.035],
];

/** Colony size relative to its summer peak. */
const STRENGTH: Anchors = [
  [1, 0.35],
  [60, 0.4],
  [91, 0.6],
  [121, 0.85],
  [160, 1],
  [200, 1],
  [244, 0.7],
  [274, 0.5],
  [305, 0.4],
];

/** Brood rearing (0..1): none in the winter cluster, full from mid-April to August. */
const BROOD: Anchors = [
  [1, 0],
  [30, 0.1],
  [60, 0.5],
  [91, 0.9],
  [110, 1],
  [230, 1],
  [260, 0.7],
  [290, 0.3],
  [310, 0],
  [365, 0],
];

export function springFlow(dayOfYear: number): number {
  return annual(SPRING_FLOW, dayOfYear);
}

export function summerFlow(dayOfYear: number): number {
  return annual(SUMMER_FLOW, dayOfYear);
}

export function consumption(dayOfYear: number): number {
  return annual(CONSUMPTION, dayOfYear);
}

export function colonyStrength(dayOfYear: number): number {
  return annual(STRENGTH, dayOfYear);
}

export function broodLevel(dayOfYear: number): number {
  return annual(BROOD, dayOfYear);
}

/** Flying weather (0..1): no flight below 10 °C, full above 18 °C, rain keeps bees at home. */
export function flightFactor(maxTemperature: number, daytimeRainHours: number): number {
  return smoothstep(maxTemperature, 10, 18) * (1 - 0.8 * clamp(daytimeRainHours / 8, 0, 1));
}

/** Cold makes the winter cluster heat (and eat) more: factor 0.85..1.25 on the consumption. */
export function coldFactor(meanTemperature: number): number {
  return clamp(1 + 0.03 * (2 - meanTemperature), 0.85, 1.25);
}
