import {
  BOUNDS,
  CAPTURING,
  DEFAULT_LIVE_OPTIONS,
  STRATEGIES,
  runPlanBacktest,
  type LiveOptions,
  type PlanBacktestResult,
  type PlanScore,
} from '../../../backtest/plans.js';
import { PROGRAMME_RIDES } from '../../../backtest/plans-order.js';
import { readTouringPlansCalendars } from '../../../backtest/touringplans-calendar.js';
import { dayNumber } from '../../../models/hourly-history.js';
import { UsageError, type Command } from '../../command.js';
import { table } from '../../table.js';
import { parseTouringPlansArgs, readRecordedAttractions } from './touringplans-args.js';

const percent = (value: number) => (Number.isFinite(value) ? `${Math.round(value * 100)}%` : '-');
const minutes = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

/** One line per park and the pooled line: waits per day, then the shares of hindsight's saving. */
export function formatPlanBacktest(result: PlanBacktestResult): string {
  const lines: [string, PlanScore][] = [
    ...result.parks.map((park): [string, PlanScore] => [park.park, park]),
    ['pooled', result.pooled],
  ];
  const waits = table([
    ['park', 'days', 'rides', ...STRATEGIES],
    ...lines.map(([name, score]) => [
      name,
      String(score.days_scored),
      minutes(score.rides_per_day),
      ...STRATEGIES.map((strategy) => minutes(score.wait_minutes_per_day[strategy])),
    ]),
  ]);
  const captured = table([
    ['park', ...CAPTURING],
    ...lines.map(([name, score]) => [
      name,
      ...CAPTURING.map((strategy) => percent(score.captured[strategy])),
    ]),
  ]);
  const bounds = result.pooled.bounds
    ? `\nNot strategies: the best order on the day's own half-hourly mean waits (half_hourly_mean), on each ride's course through the day in hindsight at the forecast's level for the day (hourly_shape), on the forecast's course at each ride's own level that day in hindsight (day_level), and live re-planned on that (live_day_level: the posted wait now fading into it, as live fades into the nowcast); minutes of wait per day, then captured:\n\n${table(
        [
          ['park', ...BOUNDS, ...BOUNDS],
          ...lines.map(([name, score]) => [
            name,
            ...BOUNDS.map((bound) => minutes(score.bounds?.wait_minutes_per_day[bound] ?? Number.NaN)),
            ...BOUNDS.map((bound) => percent(score.bounds?.captured[bound] ?? Number.NaN)),
          ]),
        ],
      )}\n`
    : '';
  const variants = result.pooled.live_variants ? variantTable(result) : '';
  const pooled = result.pooled;
  const unproven = pooled.wait_minutes_per_day.hindsight - pooled.hindsight_lower_bound;
  const searched = pooled.hindsight_searched_days;
  const why =
    searched > 0
      ? `it is found by search on ${searched} days of more than ${PROGRAMME_RIDES} rides, and a wait may fall faster than the clock on a day of more than six`
      : 'a wait fell faster than the clock on a day of more than six rides';
  const proof =
    unproven > 0.005
      ? `\nHindsight's order is not proven best on every day (${why}): no order waits less than ${minutes(pooled.hindsight_lower_bound)} minutes per day, ${minutes(unproven)} below hindsight's.\n`
      : '';
  return `Data: TouringPlans.com. Touring plans on recorded waits: on each park day of the 365-day window with two or more recorded attractions operating, the party rides all of them from the published opening; minutes of wait per day by strategy:\n\n${waits}\n\nCaptured: the share of hindsight's saving over no_plan each strategy recovers:\n\n${captured}\n${proof}${bounds}${variants}`;
}

/**
 * Each variant of `live` by park, and the held-out choice: for each park, the variant that
 * captured most on the other parks pooled, and what it captures on this one.
 */
function variantTable(result: PlanBacktestResult): string {
  const names = Object.keys(result.pooled.live_variants ?? {});
  const totals = (score: PlanScore, name: string) => {
    const variant = score.live_variants?.[name];
    const days = score.days_scored;
    return {
      saving: (score.wait_minutes_per_day.no_plan - score.wait_minutes_per_day.hindsight) * days,
      recovered: (score.wait_minutes_per_day.no_plan - (variant?.wait_minutes_per_day ?? Number.NaN)) * days,
    };
  };
  let heldSaving = 0;
  let heldRecovered = 0;
  const rows = result.parks.map((park) => {
    let chosen = names[0] ?? '';
    let chosenShare = Number.NEGATIVE_INFINITY;
    for (const name of names) {
      let saving = 0;
      let recovered = 0;
      for (const other of result.parks) {
        if (other === park || other.days_scored === 0) continue;
        const sums = totals(other, name);
        saving += sums.saving;
        recovered += sums.recovered;
      }
      const share = saving > 0 ? recovered / saving : Number.NaN;
      if (share > chosenShare) {
        chosen = name;
        chosenShare = share;
      }
    }
    const own = totals(park, chosen);
    if (park.days_scored > 0) {
      heldSaving += own.saving;
      heldRecovered += own.recovered;
    }
    return [
      park.park,
      ...names.map((name) => percent(park.live_variants?.[name]?.captured ?? Number.NaN)),
      chosen,
      percent(own.saving > 0 ? own.recovered / own.saving : Number.NaN),
    ];
  });
  rows.push([
    'pooled',
    ...names.map((name) => percent(result.pooled.live_variants?.[name]?.captured ?? Number.NaN)),
    '',
    percent(heldSaving > 0 ? heldRecovered / heldSaving : Number.NaN),
  ]);
  return `\nVariants of live (next ride / rest of the day), captured; held out = the variant best on the other parks, and its capture here:\n\n${table(
    [['park', ...names, 'held-out choice', 'held out'], ...rows],
  )}\n`;
}

const LIVE_NEXT = ['posted', 'view'] as const;
const LIVE_REST = ['fade', 'nowcast', 'sqrt', 'forecast'] as const;
/** The posted wait's fade at other paces than the service's, among `--live-variants`. */
const FADE_VARIANT_MINUTES = [15, 90, 180, 360] as const;

/** The touring-plan strategies scored on TouringPlans.com's recorded waits. */
export const modelsBacktestPlans: Command = {
  usage:
    '--touringplans DIR [--json] [--until DATE] [--bound] [--live-next posted|view] [--live-rest fade|nowcast|sqrt|forecast] [--live-variants]',
  summary: "Backtest touring plans (the order of a day's rides) on recorded waits (TouringPlans.com format).",
  async run(args) {
    const { dir, json, until, values } = parseTouringPlansArgs<{
      bound?: boolean;
      'live-next'?: string;
      'live-rest'?: string;
      'live-variants'?: boolean;
    }>(args, {
      bound: { type: 'boolean' },
      'live-next': { type: 'string' },
      'live-rest': { type: 'string' },
      'live-variants': { type: 'boolean' },
    });
    const next = values['live-next'] ?? DEFAULT_LIVE_OPTIONS.next;
    const rest = values['live-rest'] ?? DEFAULT_LIVE_OPTIONS.rest;
    if (!(LIVE_NEXT as readonly string[]).includes(next)) {
      throw new UsageError(`--live-next must be one of ${LIVE_NEXT.join(', ')} (got ${next})`);
    }
    if (!(LIVE_REST as readonly string[]).includes(rest)) {
      throw new UsageError(`--live-rest must be one of ${LIVE_REST.join(', ')} (got ${rest})`);
    }
    const attractions = readRecordedAttractions(dir);
    const started = performance.now();
    const result = runPlanBacktest(attractions, {
      calendars: readTouringPlansCalendars(dir),
      bound: values.bound === true,
      live: { next, rest } as LiveOptions,
      ...(values['live-variants'] === true
        ? {
            liveVariants: [
              ...LIVE_NEXT.flatMap((n) => LIVE_REST.map((r): LiveOptions => ({ next: n, rest: r }))),
              ...FADE_VARIANT_MINUTES.map((fadeMinutes): LiveOptions => ({
                next: 'view',
                rest: 'fade',
                fadeMinutes,
              })),
            ],
          }
        : {}),
      ...(until === undefined ? {} : { until: dayNumber(until) }),
      onPark: (park, index, total) => {
        process.stderr.write(`planning ${park} (${index + 1}/${total})\n`);
      },
    });
    process.stderr.write(`backtest took ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    if (result.pooled.days_scored === 0) {
      process.stderr.write(
        `nothing scored: no day in the window with two or more recorded attractions operating\n`,
      );
    }
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : formatPlanBacktest(result));
    return 0;
  },
};
