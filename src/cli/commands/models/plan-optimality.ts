/**
 * `models plan-optimality`: how close the optimiser's plans come to the best on random plan
 * problems. Small requests (4-10 rides) must be proven best; large ones (15-25 rides) are compared
 * with a long search: the same search restarted from other seeds with a far larger budget until
 * its time is spent, keeping the best plan any restart met. Each quick plan is made as the
 * endpoint makes it, on the event loop (which is watched for its longest stall), its search's two
 * starts on threads of their own where the machine has two cores.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Catalog } from '../../../catalog/catalog.js';
import { Simulator } from '../../../feeds/sim/index.js';
import { createPlanSearchThreads } from '../../../app/drivers.js';
import {
  optimisePlan,
  optimisePlanAsync,
  type OptimiseOptions,
  type SearchStartRunner,
} from '../../../models/plan/optimise.js';
import { randomProblem } from '../../../models/plan/random-problems.js';
import type { PlanProblem, PlanResult } from '../../../models/plan/types.js';
import { UsageError, type Command } from '../../command.js';
import { table } from '../../table.js';
import { simulatedParkProblem } from './simulated-plan-problems.js';

/** The exact limit the plan endpoint uses. */
const ENDPOINT_EXACT_LIMIT = 10;
const WITHIN = 0.01;

export interface OptimalityGroup {
  readonly label: string;
  /** The order search's candidates for 25 rides; null for the endpoint's own. */
  readonly candidates: number | null;
  readonly requests: number;
  /** Requests whose plan says `exact`. */
  readonly proven: number;
  /** Requests no worse than the long search (and no fewer rides), and within 1% of its cost. */
  readonly within: number;
  readonly worstGap: number;
  readonly meanGap: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The longest the event loop waited for a turn while the quick plans were made. */
  readonly longestStallMs: number;
}

/** What a plan pays, the optimiser's objective after the rides planned: wait plus idle. */
const costOf = (result: PlanResult): number => result.totalWaitMinutes + (result.totalIdleMinutes ?? 0);

/** Candidate orders of one restart of the long search: hundreds of times the endpoint's. */
const LONG_RESTART_CANDIDATES = 1_000_000;
/** Untimed plans that start the search threads and let them compile the search first. */
const THREAD_WARM_UP_PLANS = 3;
/** A proven-best plan is still checked against one short search, which must never beat it. */
const CHECK_CANDIDATES = 20_000;

/** Restarts the search from new seeds until `seconds` have passed; the best plan it met. */
function longSearch(
  problem: PlanProblem,
  seconds: number,
  now: () => number,
  candidates = LONG_RESTART_CANDIDATES,
): PlanResult {
  const deadline = now() + seconds * 1000;
  let best: PlanResult | undefined;
  for (let restart = 1; ; restart++) {
    const options: OptimiseOptions = {
      exactRideLimit: 0,
      beamWidth: 400,
      localSearchEvaluations: candidates,
      seed: 1000 + restart,
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

/** Where the requests come from: the optimiser's random problems, or the simulator's park days. */
export const PROBLEM_SOURCES = ['random', 'parks'] as const;
export type ProblemSource = (typeof PROBLEM_SOURCES)[number];

/** The problem of request `seed` with `rides` rides, drawn as `source` says. */
function problemMaker(source: ProblemSource): (seed: number, rides: number) => PlanProblem {
  if (source === 'random') return (seed, rides) => randomProblem(seed, { rides, end: 22 * 60 });
  const catalog = Catalog.load();
  const simulator = new Simulator(catalog);
  return (seed, rides) => {
    const problem = simulatedParkProblem(catalog, simulator, seed, rides);
    if (!problem) throw new UsageError(`no park of the catalog has ${rides} queued rides on one day`);
    return problem;
  };
}

/** One quick-plan budget's tally over the requests. */
class Tally {
  proven = 0;
  within = 0;
  worstGap = 0;
  gapSum = 0;
  longestStallMs = 0;
  readonly times: number[] = [];

  constructor(
    readonly label: string,
    /** The order search's candidates for 25 rides; undefined for the endpoint's own. */
    readonly candidates: number | undefined,
    /** Runs a large plan's search starts on threads of their own, as the endpoint does. */
    private readonly runStarts: SearchStartRunner | undefined,
  ) {}

  /** Makes the quick plan as the endpoint makes it, on the event loop, timed and watched. */
  async plan(problem: PlanProblem, now: () => number): Promise<PlanResult> {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = now();
    const result = await optimisePlanAsync(
      problem,
      {
        exactRideLimit: ENDPOINT_EXACT_LIMIT,
        ...(this.candidates === undefined ? {} : { localSearchEvaluations: this.candidates }),
      },
      this.runStarts,
    );
    this.times.push(now() - started);
    delay.disable();
    this.longestStallMs = Math.max(this.longestStallMs, delay.max / 1e6);
    if (result.method === 'exact') this.proven++;
    return result;
  }

  score(result: PlanResult, long: PlanResult): void {
    const gap =
      result.steps.length < long.steps.length
        ? Number.POSITIVE_INFINITY
        : costOf(long) > 0
          ? Math.max(0, costOf(result) / costOf(long) - 1)
          : costOf(result) > 0
            ? Number.POSITIVE_INFINITY
            : 0;
    if (gap <= WITHIN + 1e-12) this.within++;
    this.worstGap = Math.max(this.worstGap, gap);
    this.gapSum += gap;
  }

  group(requests: number): OptimalityGroup {
    const times = [...this.times].sort((a, b) => a - b);
    return {
      label: this.label,
      candidates: this.candidates ?? null,
      requests,
      proven: this.proven,
      within: this.within,
      worstGap: this.worstGap,
      meanGap: requests > 0 ? this.gapSum / requests : 0,
      p50Ms: quantile(times, 0.5),
      p99Ms: quantile(times, 0.99),
      longestStallMs: this.longestStallMs,
    };
  }
}

/**
 * Scores `requests` problems of `problems`' kind, `minRides`-`maxRides` rides each, seeds from
 * `seed`: the endpoint's plan, then a plan of each of `candidates` (the order search's budget for
 * 25 rides), all against the same long search. A proven-best plan needs no long search (none can beat it):
 * one short search checks that none does, and `longSeconds` is spent only on searched plans.
 */
export async function measureOptimality(
  label: string,
  options: {
    requests: number;
    minRides: number;
    maxRides: number;
    longSeconds: number;
    seed: number;
    /** Candidate orders of each restart of the long search. */
    restartCandidates?: number;
    /** Default `random`. */
    problems?: ProblemSource;
    /** Budgets to score besides the endpoint's. */
    candidates?: readonly number[];
    /** Runs the quick plans' search starts on threads of their own, as the endpoint does. */
    runStarts?: SearchStartRunner;
  },
  now: () => number = () => performance.now(),
): Promise<OptimalityGroup[]> {
  const tallies = [
    new Tally(label, undefined, options.runStarts),
    ...(options.candidates ?? []).map((candidates) => new Tally(label, candidates, options.runStarts)),
  ];
  const problemOf = problemMaker(options.problems ?? 'random');
  if (options.runStarts) {
    // A server's threads have started and compiled the search after its first plans; so have
    // these, before the first one timed.
    for (let warmUp = 0; warmUp < THREAD_WARM_UP_PLANS; warmUp++) {
      const rides = options.maxRides;
      await optimisePlanAsync(
        problemOf(options.seed + warmUp, rides),
        { exactRideLimit: 0 },
        options.runStarts,
      );
    }
  }
  // Every quick plan first, then the long searches, and each budget's plans together, the
  // endpoint's first: a larger search between two plans leaves the process a heap whose collection
  // the next plan would be timed with. Each problem is drawn again where it is planned, as a
  // server holds only the plans it is making: a problem keeps its grid, and two hundred grids held
  // at once make a heap whose collection would be timed as the plans' stall.
  const requests = Array.from({ length: options.requests }, (_, request) => {
    const seed = options.seed + request;
    const rides = options.minRides + (seed % (options.maxRides - options.minRides + 1));
    return { seed, rides, results: [] as PlanResult[] };
  });
  for (const tally of tallies)
    for (const { seed, rides, results } of requests)
      results.push(await tally.plan(problemOf(seed, rides), now));
  for (const { seed, rides, results } of requests) {
    const problem = problemOf(seed, rides);
    const exact = results[0]?.method === 'exact';
    const long = exact
      ? longSearch(problem, 0, now, CHECK_CANDIDATES)
      : longSearch(problem, options.longSeconds, now, options.restartCandidates);
    tallies.forEach((tally, index) => {
      const result = results[index];
      if (result) tally.score(result, long);
    });
  }
  return tallies.map((tally) => tally.group(options.requests));
}

const percent = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(2)}%` : 'fewer rides');

export function formatOptimality(
  groups: readonly OptimalityGroup[],
  longSeconds: number,
  problems: ProblemSource = 'random',
): string {
  const header = [
    'rides',
    'candidates (25 rides)',
    'requests',
    'proven best',
    'within 1%',
    'worst gap',
    'mean gap',
    'p50 ms',
    'p99 ms',
    'longest stall ms',
  ];
  const rows = groups.map((group) => [
    group.label,
    group.candidates === null ? 'served' : group.candidates.toLocaleString('en-US'),
    String(group.requests),
    String(group.proven),
    String(group.within),
    percent(group.worstGap),
    percent(group.meanGap),
    group.p50Ms.toFixed(0),
    group.p99Ms.toFixed(0),
    group.longestStallMs.toFixed(0),
  ]);
  return `The optimiser (exact up to ${ENDPOINT_EXACT_LIMIT} rides, as the plan endpoint) on ${problems === 'parks' ? "the simulator's park days" : 'random plan problems'}, against a ${longSeconds}-second search of each searched plan (a proven-best plan against one short search, which must never beat it); candidates = the order search's budget for 25 rides (fewer rides get more), served = the endpoint's; gap = how much more the plan pays (wait plus idle minutes) than the long search's best; ms = the quick plan's time as the endpoint makes it, yields and threads included; longest stall = the longest the event loop waited for a turn meanwhile.\n\n${table([header, ...rows])}\n`;
}

export const modelsPlanOptimality: Command = {
  usage:
    '[--requests N] [--long-seconds S] [--seed N] [--only 4-10|15-25] [--problems random|parks] [--candidates N,N] [--json]',
  summary: 'How close touring plans come to the best: 4-10 rides proven, 15-25 against a long search',
  async run(args) {
    const { values } = parseArgs({
      args: [...args],
      options: {
        requests: { type: 'string', default: '200' },
        'long-seconds': { type: 'string', default: '10' },
        seed: { type: 'string', default: '1' },
        only: { type: 'string' },
        problems: { type: 'string', default: 'random' },
        candidates: { type: 'string', default: '' },
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
    const problems = PROBLEM_SOURCES.find((source) => source === values.problems);
    if (!problems) throw new UsageError(`--problems must be one of ${PROBLEM_SOURCES.join(', ')}`);
    const candidates = values.candidates === '' ? [] : values.candidates.split(',').map(Number);
    if (candidates.some((budget) => !Number.isInteger(budget) || budget < 1)) {
      throw new UsageError(
        "--candidates takes positive integers, comma-separated: order-search budgets (for 25 rides) to score besides the endpoint's",
      );
    }
    const sizes = [
      { label: '4-10', minRides: 4, maxRides: 10 },
      { label: '15-25', minRides: 15, maxRides: 25 },
    ].filter((size) => values.only === undefined || size.label === values.only);
    if (sizes.length === 0) throw new UsageError('--only must be 4-10 or 15-25');
    const groups: OptimalityGroup[] = [];
    const threads = createPlanSearchThreads((error) => {
      process.stderr.write(`a plan search thread failed: ${error.message}\n`);
    });
    try {
      for (const size of sizes) {
        groups.push(
          ...(await measureOptimality(size.label, {
            ...size,
            requests,
            longSeconds,
            seed,
            problems,
            candidates,
            ...(threads ? { runStarts: threads.run } : {}),
          })),
        );
      }
    } finally {
      await threads?.close();
    }
    process.stdout.write(
      values.json ? `${JSON.stringify(groups, null, 2)}\n` : formatOptimality(groups, longSeconds, problems),
    );
    return 0;
  },
};
