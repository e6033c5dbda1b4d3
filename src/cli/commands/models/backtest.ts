import {
  pooledActualWaits,
  type ActualWaitBound,
  type ActualWaitScore,
} from '../../../backtest/actual-waits.js';
import { pooled, runBacktest, type BacktestResult } from '../../../backtest/backtest.js';
import { NOWCAST_CUTS } from '../../../backtest/origins.js';
import type { ParkScore, TodayLevelScore } from '../../../backtest/park-scores.js';
import { readTouringPlansCalendars } from '../../../backtest/touringplans-calendar.js';
import { dayNumber, isoDateOf } from '../../../models/hourly-history.js';
import { UsageError, type Command } from '../../command.js';
import { table } from '../../table.js';
import { parseTouringPlansArgs, readRecordedAttractions } from './touringplans-args.js';

const percent = (value: number) => (Number.isFinite(value) ? `${Math.round(value * 100)}%` : '-');
const minutes = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
const gain = (model: number, baseline: number) => percent(baseline > 0 ? 1 - model / baseline : Number.NaN);

/** Today's level within ±1 at a cut: as served, then the forecast's and the morning ratio's. */
const todayCell = (score: TodayLevelScore | undefined) =>
  score
    ? `${percent(score.within_1)} (${percent(score.forecast_within_1)} / ${percent(score.morning_within_1)})`
    : '-';

/** One line per park: how close the crowd levels came, ahead and on the day. */
function parkTable(parks: readonly ParkScore[]): string {
  return table([
    [
      'park',
      'days',
      'level MAE',
      'within 1',
      'within 2',
      'range holds',
      'range width',
      'today 11:00',
      'today 13:00',
    ],
    ...parks.map((park) => [
      park.park,
      String(park.days_scored),
      minutes(park.crowd_mae_levels),
      percent(park.crowd_within_1),
      percent(park.crowd_within_2),
      percent(park.crowd_range_coverage ?? Number.NaN),
      minutes(park.crowd_range_width_levels ?? Number.NaN),
      todayCell(park.today?.['11:00']),
      todayCell(park.today?.['13:00']),
    ]),
  ]);
}

/** One line per attraction with timed waits in the window, and the pooled line. */
function actualWaitTable(scores: readonly ActualWaitScore[]): string {
  if (scores.length === 0) return '';
  const all = pooledActualWaits(scores);
  const rows = [
    ['attraction', 'readings', 'MAE', 'posted', 'ratio', 'gain', 'cover80'],
    ...[
      ...scores,
      {
        attraction: 'pooled',
        readings_scored: all.readings,
        mae_minutes: all.mae,
        posted_mae_minutes: all.posted,
        ratio_mae_minutes: all.ratio,
        coverage_80: all.coverage,
      },
    ].map((score) => [
      score.attraction,
      String(score.readings_scored),
      score.mae_minutes.toFixed(2),
      score.posted_mae_minutes.toFixed(2),
      score.ratio_mae_minutes.toFixed(2),
      gain(score.mae_minutes, score.ratio_mae_minutes),
      percent(score.coverage_80),
    ]),
  ];
  return `\nEstimated actual wait against waits timed in line, the same 365 days as above (fit on readings before them); MAE in minutes; posted = the posted wait taken as the answer, ratio = the posted wait times the median actual-to-posted ratio before the window; gain = how much lower than ratio:\n\n${table(rows)}\n`;
}

/** The estimated actual wait against its hindsight yardsticks, per attraction and pooled. */
function actualWaitBoundTable(
  scores: readonly ActualWaitScore[],
  bounds: readonly ActualWaitBound[],
): string {
  const rows = [
    ['attraction', 'readings', 'MAE', 'ratio', 'own ratio', 'own fit', 'own day', 'gain', 'day gain'],
  ];
  const sums = { readings: 0, model: 0, ratio: 0, ownRatio: 0, ownFit: 0, ownDay: 0 };
  const line = (name: string, readings: number, model: number, ratio: number, bound: readonly number[]) => [
    name,
    String(readings),
    model.toFixed(2),
    ratio.toFixed(2),
    ...bound.map((value) => value.toFixed(2)),
    gain(model, ratio),
    gain(bound[2] ?? Number.NaN, ratio),
  ];
  for (const bound of bounds) {
    const score = scores.find((candidate) => candidate.attraction === bound.attraction);
    if (!score) continue;
    const readings = bound.readings_scored;
    const own = [
      bound.hindsight_ratio_mae_minutes,
      bound.hindsight_fit_mae_minutes,
      bound.hindsight_day_mae_minutes,
    ];
    sums.readings += readings;
    sums.model += score.mae_minutes * readings;
    sums.ratio += score.ratio_mae_minutes * readings;
    sums.ownRatio += (own[0] ?? 0) * readings;
    sums.ownFit += (own[1] ?? 0) * readings;
    sums.ownDay += (own[2] ?? 0) * readings;
    rows.push(line(bound.attraction, readings, score.mae_minutes, score.ratio_mae_minutes, own));
  }
  if (sums.readings === 0) return '';
  const per = (sum: number) => sum / sums.readings;
  rows.push(
    line('pooled', sums.readings, per(sums.model), per(sums.ratio), [
      per(sums.ownRatio),
      per(sums.ownFit),
      per(sums.ownDay),
    ]),
  );
  return `\nNot estimates: the estimated actual wait's yardsticks, each fitted in hindsight on the scored readings themselves (MAE in minutes). own ratio = the window's own median ratio; own fit = the estimate's form (posted wait, evening and morning hours) fitted to the window; own day = that form plus the day's whole posted level at the attraction (the day's crowd), two-hour blocks and curvature: what those inputs reach at most. gain/day gain = how much lower than ratio:\n\n${table(rows)}\n`;
}

/** The wait forecast against its hindsight yardsticks: gain on typical, per attraction and pooled. */
function waitBoundTable(result: BacktestResult): string {
  const rows = [
    ['attraction', 'hours', 'typical', 'forecast', 'typical × month', 'forecast × month', 'forecast × day'],
  ];
  const sums = { hours: 0, typical: 0, forecast: 0, typicalMonth: 0, month: 0, day: 0 };
  const line = (name: string, hours: number, typical: number, errors: readonly number[]) => [
    name,
    String(hours),
    minutes(typical),
    ...errors.map((error) => gain(error, typical)),
  ];
  for (const score of result.attractions) {
    const bound = score.wait_bounds;
    if (!bound || bound.hours_scored === 0) continue;
    const weight = bound.hours_scored;
    sums.hours += weight;
    sums.typical += score.baseline_mae_minutes * weight;
    sums.forecast += score.mae_minutes * weight;
    sums.typicalMonth += bound.typical_month_level_mae_minutes * weight;
    sums.month += bound.month_level_mae_minutes * weight;
    sums.day += bound.day_level_mae_minutes * weight;
    rows.push(
      line(score.attraction, weight, score.baseline_mae_minutes, [
        score.mae_minutes,
        bound.typical_month_level_mae_minutes,
        bound.month_level_mae_minutes,
        bound.day_level_mae_minutes,
      ]),
    );
  }
  if (sums.hours === 0) return '';
  const per = (sum: number) => sum / sums.hours;
  rows.push(
    line('pooled', sums.hours, per(sums.typical), [
      per(sums.forecast),
      per(sums.typicalMonth),
      per(sums.month),
      per(sums.day),
    ]),
  );
  return `\nNot forecasts: the wait forecast's yardsticks on the same hours, each told a level in hindsight, as gain on typical (typical = its MAE in minutes). typical × month = the typical wait scaled by the level the ride ran at over the 30 days after each origin; forecast × month = the forecast scaled by how far those 30 days ran above or below it (the month's level known, each day's pattern still the forecast's); forecast × day = the forecast scaled by each day's own level:\n\n${table(rows)}\n`;
}

/** The nowcast against its yardsticks, pooled over every attraction, one line per cut. */
function nowcastBoundTable(result: BacktestResult): string {
  const rows = [
    ['cut', 'hours', 'forecast', 'nowcast', 'sqrt', 'best scaling', 'day level', 'gain', 'best', 'oracle'],
  ];
  for (const cut of Object.keys(NOWCAST_CUTS) as (keyof typeof NOWCAST_CUTS)[]) {
    const sums = { hours: 0, forecast: 0, nowcast: 0, squareRoot: 0, best: 0, dayLevel: 0 };
    for (const score of result.attractions) {
      const bound = score.nowcast_bounds?.[cut];
      if (!bound || bound.hours_scored === 0) continue;
      const weight = bound.hours_scored;
      sums.hours += weight;
      sums.forecast += bound.forecast_mae_minutes * weight;
      sums.nowcast += score.nowcast[cut].mae_minutes * score.nowcast[cut].hours_scored;
      sums.squareRoot += bound.square_root_mae_minutes * weight;
      sums.best += bound.best_scaling_mae_minutes * weight;
      sums.dayLevel += bound.day_level_mae_minutes * weight;
    }
    if (sums.hours === 0) continue;
    const mean = (sum: number) => (sum / sums.hours).toFixed(2);
    rows.push([
      cut,
      String(sums.hours),
      mean(sums.forecast),
      mean(sums.nowcast),
      mean(sums.squareRoot),
      mean(sums.best),
      mean(sums.dayLevel),
      gain(sums.nowcast, sums.forecast),
      gain(sums.best, sums.forecast),
      gain(sums.dayLevel, sums.forecast),
    ]);
  }
  return `\nNot forecasts: the nowcast's yardsticks on the same hours, pooled (MAE in minutes). sqrt = the forecast scaled by the square root of the ride's morning ratio to it; best scaling = the best power (0.1-1) of the whole morning's or its last two hours' ratio, chosen per attraction in hindsight: what following the morning's level reaches at most; day level = an oracle told the ratio the rest of the day actually ran at. gain/best/oracle = how much lower than the forecast:\n\n${table(rows)}\n`;
}

/** The readable report: one line per attraction, the pooled line, one line per park. */
export function formatBacktest(result: BacktestResult): string {
  const attractionRows = [
    [
      'attraction',
      'park',
      'hours',
      'MAE',
      'typical',
      'gain',
      '1-7',
      '8-14',
      '15-30',
      'cover80',
      'width80',
      'now11',
      'now13',
    ],
    ...result.attractions.map((score) => [
      score.attraction,
      score.park,
      String(score.hours_scored),
      minutes(score.mae_minutes),
      minutes(score.baseline_mae_minutes),
      gain(score.mae_minutes, score.baseline_mae_minutes),
      ...['1-7', '8-14', '15-30'].map((band) => {
        const horizon = score.by_horizon[band];
        return horizon ? gain(horizon.mae_minutes, horizon.baseline_mae_minutes) : '-';
      }),
      percent(score.coverage_80),
      Number.isFinite(score.band_width_80_minutes) ? score.band_width_80_minutes.toFixed(1) : '-',
      gain(score.nowcast['11:00'].mae_minutes, score.nowcast['11:00'].forecast_mae_minutes),
      gain(score.nowcast['13:00'].mae_minutes, score.nowcast['13:00'].forecast_mae_minutes),
    ]),
  ];
  const all = pooled(result);
  attractionRows.push([
    'pooled',
    '',
    String(result.attractions.reduce((sum, score) => sum + score.hours_scored, 0)),
    minutes(all.mae),
    minutes(all.baseline),
    percent(all.gain),
    percent(all.byHorizon['1-7'] ?? Number.NaN),
    percent(all.byHorizon['8-14'] ?? Number.NaN),
    percent(all.byHorizon['15-30'] ?? Number.NaN),
    '',
    '',
    percent(all.nowcast['11:00'] ?? Number.NaN),
    percent(all.nowcast['13:00'] ?? Number.NaN),
  ]);
  const bounds =
    result.crowd_bounds === undefined
      ? ''
      : `\nNot a forecast: an oracle told the actual crowd index of the 3 days either side of each scored day, on the same scale: what knowing the surrounding days' actual crowds gives on this data:\n\n${parkTable(result.crowd_bounds)}\n${
          result.crowd_level_bounds === undefined
            ? ''
            : `\nNot a forecast either: the models' own forecast told, in hindsight, how far the 30 days after each origin ran above or below it on average: what the forecast reaches once the month's level is known:\n\n${parkTable(result.crowd_level_bounds)}\n`
        }`;
  const nowcastBounds = result.attractions.some((score) => score.nowcast_bounds)
    ? nowcastBoundTable(result)
    : '';
  const waitBounds = result.attractions.some((score) => score.wait_bounds) ? waitBoundTable(result) : '';
  const actualBounds = result.actual_wait_bounds
    ? actualWaitBoundTable(result.actual_waits, result.actual_wait_bounds)
    : '';
  return `Data: TouringPlans.com. Rolling-origin backtest: ${result.origins} origins over the last 365 days of each file, ${result.horizon_days} days ahead; MAE in minutes against the mean posted wait of each hour 8:00-21:59; gain = how much lower than the typical-wait baseline; now11/now13 = how much lower the rest of the day's error is, from one hour after 11:00/13:00, given the day's readings before then, than the same model's without them. Crowd levels: within 1/2 = days the forecast level came within 1/2 of the level reached; range holds = days the level reached fell inside the served low-high range, range width = its mean width in levels; today 11:00/13:00 = the same with the day's waits before then, as served (in brackets: the forecast without them, and the morning's ratio to typical carried to the day, on the same days).\n\n${table(attractionRows)}\n\n${parkTable(result.parks)}\n${waitBounds}${bounds}${nowcastBounds}${actualWaitTable(result.actual_waits)}${actualBounds}`;
}

/** Rolling-origin backtest of the wait and crowd models on TouringPlans.com's recorded waits. */
export const modelsBacktest: Command = {
  usage:
    '--touringplans DIR [--json] [--until DATE] [--history-days N] [--wait-bound] [--crowd-bound] [--nowcast-bound] [--actual-bound]',
  summary: 'Backtest the wait, crowd and actual-wait models on recorded waits (TouringPlans.com format).',
  async run(args) {
    const { dir, json, until, values } = parseTouringPlansArgs<{
      'history-days'?: string;
      'wait-bound'?: boolean;
      'crowd-bound'?: boolean;
      'nowcast-bound'?: boolean;
      'actual-bound'?: boolean;
    }>(args, {
      'history-days': { type: 'string' },
      'wait-bound': { type: 'boolean' },
      'crowd-bound': { type: 'boolean' },
      'nowcast-bound': { type: 'boolean' },
      'actual-bound': { type: 'boolean' },
    });
    const historyText = values['history-days'];
    const historyDays = historyText === undefined ? undefined : Number(historyText);
    if (historyDays !== undefined && (!/^\d+$/.test(historyText ?? '') || historyDays < 1)) {
      throw new UsageError(
        `--history-days must be a whole number of days, 1 or more (got ${historyText ?? ''})`,
      );
    }
    const attractions = readRecordedAttractions(dir);
    const started = performance.now();
    const result = runBacktest(attractions, {
      waitBound: values['wait-bound'] === true,
      crowdBound: values['crowd-bound'] === true,
      nowcastBound: values['nowcast-bound'] === true,
      actualBound: values['actual-bound'] === true,
      calendars: readTouringPlansCalendars(dir),
      ...(until === undefined ? {} : { until: dayNumber(until) }),
      ...(historyDays === undefined ? {} : { historyDays }),
      onAttraction: (attraction, index, total) => {
        process.stderr.write(`backtesting ${attraction} (${index + 1}/${total})\n`);
      },
    });
    process.stderr.write(`backtest took ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    if (until !== undefined && result.attractions.every((attraction) => attraction.hours_scored === 0)) {
      // Histories are in day order: their ends are the span (no spread of every day into Math.min).
      const held = attractions.map(({ history }) => history).filter((history) => history.length > 0);
      const first = Math.min(...held.map((history) => history[0]?.day ?? Number.POSITIVE_INFINITY));
      const last = Math.max(...held.map((history) => history.at(-1)?.day ?? Number.NEGATIVE_INFINITY));
      const span =
        held.length === 0
          ? 'the files hold no posted wait'
          : `the files' days run ${isoDateOf(first)} to ${isoDateOf(last)}`;
      process.stderr.write(`nothing scored: no recorded day in the 365 days ending at ${until} (${span})\n`);
    }
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : formatBacktest(result));
    return 0;
  },
};
