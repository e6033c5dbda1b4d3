/**
 * The reopening model sizes each cell's tables to its longest outage and reads only the minutes a
 * fit needs: these tests hold its curves and answers to a plain reference that counts every cell
 * over the whole horizon, on a catalog of many parks, rides, kinds, statuses and lengths.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REOPENING_OPTIONS,
  OUTAGE_GROUPS,
  ReopeningModel,
  dayPart,
  type OutageObservation,
  type OutageQuery,
  type ReopeningOptions,
} from './reopening.js';

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const KINDS = ['thrill', 'family', 'headliner', undefined] as const;

/** Outages of `parks` parks of 12 rides each: mostly minutes long, a few for hours, some cut. */
function observations(parks: number, count: number, seed: number): OutageObservation[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const park = Math.floor(next() * parks);
    const ride = Math.floor(next() * 12);
    const long = next() < 0.05;
    return {
      ride_id: `p${park}_ride${ride}`,
      park_key: `p${park}`,
      kind: KINDS[ride % KINDS.length],
      group: OUTAGE_GROUPS[Math.floor(next() * OUTAGE_GROUPS.length)] ?? 'DOWN',
      at_opening: next() < 0.2,
      local_hour: Math.floor(next() * 24),
      minutes: long ? next() * 1_400 : next() < 0.05 ? next() : next() * 90,
      reopened: next() < 0.8,
    };
  });
}

/**
 * The reference: every cell's ends and exits counted over the whole horizon, and every hazard made
 * over the whole horizon, as the model's documentation describes them.
 */
function referenceSurvival(
  data: readonly OutageObservation[],
  options: ReopeningOptions,
): (query: OutageQuery) => Float32Array {
  const horizon = options.horizonMinutes;
  const k = options.shrinkage;
  const segmentOf = (query: OutageQuery) =>
    options.splitOpening && query.at_opening ? `${query.group}/opening` : query.group;
  const levelsOf = (query: OutageQuery) => {
    const segment = segmentOf(query);
    const levels = ['any', `status|${query.group}`];
    if (segment !== query.group) levels.push(`all|${segment}`);
    levels.push(`park|${query.park_key}|${segment}`);
    if (query.kind !== undefined) levels.push(`kind|${query.park_key}|${query.kind}|${segment}`);
    levels.push(`ride|${query.ride_id}|${segment}`);
    return levels;
  };
  const lastMinute = (observation: OutageObservation) => {
    const minutes = Math.max(0, observation.minutes);
    const ended = observation.reopened && minutes <= horizon;
    return {
      last: ended ? Math.max(1, Math.ceil(minutes)) : Math.min(horizon, Math.floor(minutes)),
      ended,
    };
  };
  const cells = new Map<string, { ends: Float64Array; exits: Float64Array }>();
  for (const observation of data) {
    const { last, ended } = lastMinute(observation);
    for (const key of levelsOf(observation)) {
      let cell = cells.get(key);
      if (!cell) {
        cell = { ends: new Float64Array(horizon + 1), exits: new Float64Array(horizon + 1) };
        cells.set(key, cell);
      }
      cell.exits[last] = (cell.exits[last] ?? 0) + 1;
      if (ended) cell.ends[last] = (cell.ends[last] ?? 0) + 1;
    }
  }
  const atRiskOf = new Map<string, Float64Array>();
  for (const [key, cell] of cells) {
    const atRisk = new Float64Array(horizon + 1);
    let running = 0;
    for (let m = horizon; m >= 1; m--) {
      running += cell.exits[m] ?? 0;
      atRisk[m] = running;
    }
    atRiskOf.set(key, atRisk);
  }
  const hazards = new Map<string, Float64Array>();
  const hazardOf = (query: OutageQuery) => {
    const levels = levelsOf(query);
    const known = hazards.get(levels.join(' '));
    if (known) return known;
    const [top = 'any', ...below] = levels;
    const hazard = new Float64Array(horizon + 1);
    let ends = 0;
    let exposure = 0;
    for (let m = 1; m <= horizon; m++) {
      ends += cells.get(top)?.ends[m] ?? 0;
      exposure += atRiskOf.get(top)?.[m] ?? 0;
    }
    const constant = exposure > 0 ? ends / exposure : 0;
    for (let m = 1; m <= horizon; m++) {
      const atRisk = atRiskOf.get(top)?.[m] ?? 0;
      hazard[m] = atRisk + k > 0 ? ((cells.get(top)?.ends[m] ?? 0) + k * constant) / (atRisk + k) : constant;
    }
    for (const key of below) {
      const atRisk = atRiskOf.get(key);
      if (!atRisk) continue;
      for (let m = 1; m <= horizon; m++) {
        if ((atRisk[m] ?? 0) === 0) continue;
        hazard[m] = ((cells.get(key)?.ends[m] ?? 0) + k * (hazard[m] ?? 0)) / ((atRisk[m] ?? 0) + k);
      }
    }
    hazards.set(levels.join(' '), hazard);
    return hazard;
  };
  const partOf = (query: OutageQuery) => `${query.park_key}|${segmentOf(query)}|${dayPart(query.local_hour)}`;
  const factors = new Map<string, number>();
  if (options.timeOfDay) {
    const observed = new Map<string, number>();
    const expected = new Map<string, number>();
    for (const observation of data) {
      const { last, ended } = lastMinute(observation);
      const hazard = hazardOf(observation);
      let ends = 0;
      for (let m = 1; m <= last; m++) ends += hazard[m] ?? 0;
      const key = partOf(observation);
      expected.set(key, (expected.get(key) ?? 0) + ends);
      observed.set(key, (observed.get(key) ?? 0) + (ended ? 1 : 0));
    }
    const shrink = options.timeOfDayShrinkage;
    for (const [key, ends] of expected)
      factors.set(key, ((observed.get(key) ?? 0) + shrink) / (ends + shrink));
  }
  return (query) => {
    const hazard = hazardOf(query);
    const factor = factors.get(partOf(query)) ?? 1;
    const curve = new Float32Array(horizon + 1);
    let surviving = 1;
    curve[0] = surviving;
    for (let m = 1; m <= horizon; m++) {
      surviving *= 1 - Math.min(1, (hazard[m] ?? 0) * factor);
      curve[m] = surviving;
    }
    return curve;
  };
}

/** Every ride and segment of the data at every part of the day, and rides the data never saw. */
function queries(data: readonly OutageObservation[]): OutageQuery[] {
  const seen = new Map<string, OutageQuery>();
  for (const observation of data) {
    for (const local_hour of [9, 12, 16, 20]) {
      const query = { ...observation, local_hour };
      seen.set(`${query.ride_id}|${query.group}|${query.at_opening}|${local_hour}`, query);
    }
  }
  return [
    ...seen.values(),
    { ride_id: 'new_ride', park_key: 'p0', kind: 'thrill', group: 'DOWN', at_opening: false, local_hour: 13 },
    {
      ride_id: 'elsewhere',
      park_key: 'new',
      kind: undefined,
      group: 'WEATHER_DELAY',
      at_opening: true,
      local_hour: 8,
    },
  ];
}

describe('ReopeningModel tables', () => {
  for (const [name, options] of [
    ['default options', DEFAULT_REOPENING_OPTIONS],
    ['no time of day', { ...DEFAULT_REOPENING_OPTIONS, timeOfDay: false }],
    ['no opening split, no shrinkage', { ...DEFAULT_REOPENING_OPTIONS, splitOpening: false, shrinkage: 0 }],
  ] as const) {
    it(`gives the reference's survival curves and answers (${name})`, () => {
      const data = observations(4, 2_000, 48);
      const model = new ReopeningModel(data, options);
      const reference = referenceSurvival(data, options);
      for (const query of queries(data)) {
        const curve = reference(query);
        expect(model.survival(query)).toEqual(curve);
        const base = curve[30] ?? 0;
        const median = curve.findIndex((value, minute) => minute > 30 && value <= 0.5 * base);
        expect(model.lengthGiven(query, 30).median).toBe(median === -1 ? undefined : median);
      }
    });
  }

  it('fits in steps to the same model as in one go', () => {
    const data = observations(6, 9_000, 7);
    const steps = ReopeningModel.fitInSteps(data);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    // Steps of a few thousand observations and cells: more than one, far fewer than the outages.
    expect(pauses).toBeGreaterThan(3);
    expect(pauses).toBeLessThan(50);
    const whole = new ReopeningModel(data);
    expect(step.value.outages).toBe(whole.outages);
    for (const query of queries(data).slice(0, 60)) {
      expect(step.value.survival(query)).toEqual(whole.survival(query));
      expect(step.value.lengthGiven(query, 12)).toEqual(whole.lengthGiven(query, 12));
    }
  });

  it('learns from no outages at all: nothing ends', () => {
    const model = new ReopeningModel([]);
    const query = queries([])[0];
    if (!query) throw new Error('no query');
    expect(model.survival(query).every((value) => value === 1)).toBe(true);
    expect(model.lengthGiven(query, 0)).toEqual({ median: undefined, low: undefined, high: undefined });
  });
});
