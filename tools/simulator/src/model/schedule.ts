/**
 * The day plans of one bee year (1 October → 30 September): nectar intake, consumption, forager
 * mass and events of every day, and the hive's weight at each solar midnight. Harvest and autumn
 * feeding depend on the weight reached, so a year is computed in order from the weight it starts with.
 */
import { dayWeather, type Site } from './climate';
import { dailyEvents, stepEvent, type HiveEvent } from './events';
import { disturbance, theft } from './incidents';
import { chance, gaussian, intBetween, rngFor, uniform } from './random';
import { coldFactor, colonyStrength, consumption, flightFactor, springFlow, summerFlow } from './season';
import { canolaBloom, canolaIntake, managementStep, swarmSize } from './strong-flow';
import { beeYearStart, calendarOf, dayNumber, solarDayStart } from './time';
import type { HiveTraits } from './traits';

export interface DayPlan {
  /** Solar day number. */
  day: number;
  /** UTC ms of the solar midnight starting the day. */
  start: number;
  /** True weight (kg) at the start of the day: no rain water, drift, noise or glitches. */
  startWeight: number;
  /** Nectar brought in during the day (kg). */
  intake: number;
  /** Food consumed plus water evaporated from ripening nectar (kg). */
  loss: number;
  /** Mass of the foragers out flying around midday (kg). */
  foragers: number;
  /** Flying weather, 0..1. */
  flight: number;
  /** Mean ambient temperature of the day (°C). */
  meanTemperature: number;
  events: HiveEvent[];
  /** Weight change from this midnight to the next (kg): intake − loss + steps. */
  net: number;
}

/** Swarm, harvest and feeding plan of one bee year (Oct Y → Sep Y+1), drawn once per year. */
function drawYear(traits: HiveTraits, beeYear: number) {
  const rng = rngFor(traits.seed, traits.id, 'year', beeYear);
  const y = beeYear + 1;
  return {
    spring: uniform(rng, 0.4, 1.3),
    summer: uniform(rng, 0.2, 1.3),
    swarmDay: chance(rng, traits.swarmChance) ? dayNumber(y, 4, 1) + Math.floor(rng() ** 1.2 * 71) : null,
    swarmAmount: uniform(rng, 1, 4),
    harvestDays: [dayNumber(y, 4, 25) + intBetween(rng, 0, 18), dayNumber(y, 6, 18) + intBetween(rng, 0, 18)],
    feedDays: [dayNumber(y, 7, 20), dayNumber(y, 8, 3), dayNumber(y, 8, 17)].map(
      (d) => d + intBetween(rng, 0, 5),
    ),
    nextTarget: traits.emptyWeight + traits.winterStores + gaussian(rng),
  };
}

const FEED_SHARES = [0.4, 0.35, 0.25];

export function planBeeYear(traits: HiveTraits, site: Site, beeYear: number, startWeight: number): DayPlan[] {
  const draws = drawYear(traits, beeYear);
  const first = beeYearStart(beeYear);
  const last = beeYearStart(beeYear + 1);
  const plans: DayPlan[] = [];
  // a strong colony in a canola flow (strong-flow.ts): null for every other hive, which then draws nothing more
  const strongFlow = traits.strongFlow;
  const bloom = strongFlow ? canolaBloom(site, beeYear) : null;
  for (let day = first; day < last; day++) {
    const cal = calendarOf(day);
    const weather = dayWeather(site, day);
    const start = solarDayStart(day, site.lng);
    const swarmed = draws.swarmDay !== null && day > draws.swarmDay;
    const strength = colonyStrength(cal.dayOfYear) * (swarmed ? 0.65 : 1);
    const flight = flightFactor(weather.maxTemperature, weather.daytimeRainHours);
    const flow = springFlow(cal.dayOfYear) * draws.spring + summerFlow(cal.dayOfYear) * draws.summer;
    let intake = flow * traits.productivity * strength * flight;
    if (strongFlow && bloom) intake += canolaIntake(strongFlow, bloom, day, flight, strength);
    const eaten = consumption(cal.dayOfYear) * traits.consumptionFactor * coldFactor(weather.meanTemperature);
    const loss = eaten + 0.3 * intake;
    plans.push({
      day,
      start,
      startWeight: 0,
      intake,
      loss,
      foragers: traits.foragerMass * strength * flight,
      flight,
      meanTemperature: weather.meanTemperature,
      events: dailyEvents(traits, day, start, cal, weather),
      net: intake - loss,
    });
  }
  let weight = startWeight;
  let feed = 0;
  let lastFeeding = -Infinity;
  const taken = theft(traits, beeYear);
  plans.forEach((plan, i) => {
    plan.startWeight = weight;
    const key = [traits.seed, traits.id, plan.day] as const;
    const steps: HiveEvent[] = [];
    const { month } = calendarOf(plan.day);
    if (month >= 2 && month <= 8 && weight - traits.emptyWeight < 4 && plan.day - lastFeeding > 7) {
      // stores nearly gone in a poor season: the beekeeper feeds 4–7 kg of syrup or fondant
      const amount = uniform(rngFor(...key, 'rescue'), 4, 7);
      steps.push(stepEvent('feeding', plan.start, [17, 20], [5, 15], amount, key));
      lastFeeding = plan.day;
    }
    if (plan.day === draws.swarmDay) {
      const size = strongFlow ? swarmSize(strongFlow, draws.swarmAmount) : draws.swarmAmount;
      steps.push(stepEvent('swarm', plan.start, [10.5, 14], [10, 40], -size, key));
    }
    const surplus = weight - traits.emptyWeight - traits.keepStores;
    if (draws.harvestDays.includes(plan.day) && surplus >= 5) {
      const amount = Math.max(5, Math.min(20, surplus * uniform(rngFor(...key, 'harvest'), 0.85, 1)));
      steps.push(stepEvent('harvest', plan.start, [10, 16], [20, 45], -amount, key));
    }
    const feedIndex = draws.feedDays.indexOf(plan.day);
    if (feedIndex === 0) {
      const natural = plans.slice(i).reduce((sum, p) => sum + p.net, weight);
      feed = draws.nextTarget - natural >= 3 ? draws.nextTarget - natural : 0;
    }
    if (feedIndex >= 0 && feed > 0 && steps.length === 0) {
      const amount = feed * (FEED_SHARES[feedIndex] ?? 0);
      steps.push(stepEvent('feeding', plan.start, [17, 20], [5, 15], amount, key));
    }
    if (strongFlow && bloom && !steps.some((e) => e.kind === 'harvest')) {
      // supers added or taken in the flow
      const managed = managementStep(traits, strongFlow, bloom, plan.day, plan.start, weight);
      if (managed) steps.push(managed);
    }
    // a harvest or feeding is the day's visit to the hive: no separate inspection that day
    if (steps.some((e) => e.kind !== 'swarm'))
      plan.events = plan.events.filter((e) => e.kind !== 'intervention');
    plan.events.push(...steps);
    plan.net += steps.reduce((sum, e) => sum + e.amount, 0);
    // incidents change what the scale reads, not the hive's weight: not part of `net`
    const incident = disturbance(traits, plan.day, plan.start, weight);
    if (incident) plan.events.push(incident);
    if (taken?.day === plan.day) {
      const end = solarDayStart(last, site.lng);
      plan.events.push({ kind: 'removal', variant: taken.variant, start: taken.start, end, amount: -weight });
    }
    weight += plan.net;
  });
  return plans;
}
