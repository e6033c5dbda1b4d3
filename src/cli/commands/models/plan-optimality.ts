/**
 * `models plan-optimality`: how close the optimiser's plans come to the best on random plan
 * problems. Small requests (4-10 rides) must be proven best; large ones (15-25 rides) are compared
 * with a long search: ever wider beams and longer local searches until its time is spent.
 */
import { parseArgs } from 'node:util';
import { optimisePlan, type OptimiseOptions } from '../../../models/plan/optimise.js';
import { randomProblem } from '../../../models/plan/random-problems.js';
import type { PlanProblem, PlanResult } from '../../../models/plan/types.js';
import { UsageError, type Command } from '../../command.js';
import { table } from '../../table.js';

/** The exact limit the plan endpoint uses. */
const ENDPOINT_EXACT_LIMIT = 10;
const WITHIN = 0.01;

export interface OptimalityGroup {
  readonly label: string;
  readonly requests: number;
  /** Requests whose plan says `exact`. */
  readonly proven: number;
  /** Requests no worse than the long search (and no fewer rides), and within 1% of its cost. */
  readonly within: number;
  readonly worstGap: number;
  readonly meanGap: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** What a plan pays, the optimiser's objective after the rides planned: wait plus idle. */
const costOf = (result: PlanResult): number => result.totalWaitMinutes + (result.totalIdleMinutes ?? 0);

/** Keeps widening the search until `seconds` have passed; the best plan it met. */
function longSearch(problem: PlanProblem, seconds: number, now: () => number): PlanResult {
  const deadline = now() + seconds * 1000;
  let best: PlanResult | undefined;
  for (let width = 200; ; width *= 2) {
    const options: OptimiseOptions = {
      exactRideLimit: 0,
      beamWidth: width,
      localSearchEvaluations: width * 100,
    };
    const result = optimisePlan(problem, options);
    if (
      !best ||
      result.steps.length > best.steps.length ||
      (result.steps.length === best.steps.length && costOf(result) < costOf(best))
    ) {
      best = result;
    }
    if (now() >= deadline) return best;
  }
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Scores `requests` random problems of `minRides`-`maxRides` rides each, seeds from `seed`. */
export function measureOptimality(
  label: string,
  options: { requests: number; minRides: number; maxRides: number; longSeconds: number; seed: number },
  now: () => number = () => performance.now(),
): OptimalityGroup {
  let proven = 0;
  let within = 0;
  let worstGap = 0;
  let gapSum = 0;
  const times: number[] = [];
  for (let request = 0; request < options.requests; request++) {
    const seed = options.seed + request;
    const rides = options.minRides + (seed % (options.maxRides - options.minRides + 1));
    const problem = randomProblem(seed, { rides, end: 22 * 60 });
    const started = now();
    const result = optimisePlan(problem, { exactRideLimit: ENDPOINT_EXACT_LIMIT });
    times.push(now() - started);
    if (result.method === 'exact') proven++;
    const long = longSearch(problem, options.longSeconds, now);
    const gap =
      result.steps.length < long.steps.length
        ? Number.POSITIVE_INFINITY
        : costOf(long) > 0
          ? Math.max(0, costOf(result) / costOf(long) - 1)
          : costOf(result) > 0
            ? Number.POSITIVE_INFINITY
            : 0;
    if (gap <= WITHIN + 1e-12) within++;
    worstGap = Math.max(worstGap, gap);
    gapSum += gap;
  }
  times.sort((a, b) => a - b);
  return {
    label,
    requests: options.requests,
    proven,
    within,
    worstGap,
    meanGap: options.requests > 0 ? gapSum / options.requests : 0,
    p50Ms: quantile(times, 0.5),
    p99Ms: quantile(times, 0.99),
  };
}

const percent = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(2)}%` : 'fewer rides');

export function formatOptimality(groups: readonly OptimalityGroup[], longSeconds: number): string {
  const header = [
    'rides',
    'requests',
    'proven best',
    'within 1%',
    'worst gap',
    'mean gap',
    'p50 ms',
    'p99 ms',
  ];
  const rows = groups.map((group) => [
    group.label,
    String(group.requests),
    String(group.proven),
    String(group.within),
    percent(group.worstGap),
    percent(group.meanGap),
    group.p50Ms.toFixed(0),
    group.p99Ms.toFixed(0),
  ]);
  return `The optimiser (exact up to ${ENDPOINT_EXACT_LIMIT} rides, as the plan endpoint) on random plan problems, against a ${longSeconds}-second search of each; gap = how much more the plan pays (wait plus idle minutes) than the long search's best.\n\n${table([header, ...rows])}\n`;
}

export const modelsPlanOptimality: Command = {
  usage: '[--requests N] [--long-seconds S] [--seed N] [--json]',
  summary: 'How close touring plans come to the best: 4-10 rides proven, 15-25 against a long search',
  run(args) {
    const { values } = parseArgs({
      args: [...args],
      options: {
        requests: { type: 'string', default: '200' },
        'long-seconds': { type: 'string', default: '10' },
        seed: { type: 'string', default: '1' },
        json: { type: 'boolean', default: false },
      },
    });
    const requests = Number(values.requests);
    const longSeconds = Number(values['long-seconds']);
    const seed = Number(values.seed);
    if (!Number.isInteger(requests) || requests < 1)
      throw new UsageError('--requests must be a positive integer');
    if (!Number.isFinite(longSeconds) || longSeconds < 0)
      throw new UsageError('--long-seconds must be a number of seconds');
    if (!Number.isInteger(seed)) throw new UsageError('--seed must be an integer');
    const groups = [
      measureOptimality('4-10', { requests, minRides: 4, maxRides: 10, longSeconds, seed }),
      measureOptimality('15-25', { requests, minRides: 15, maxRides: 25, longSeconds, seed }),
    ];
    process.stdout.write(
      values.json ? `${JSON.stringify(groups, null, 2)}\n` : formatOptimality(groups, longSeconds),
    );
    return Promise.resolve(0);
  },
};
