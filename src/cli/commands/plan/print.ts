import { parseArgs } from 'node:util';
import { createFeeds, openStores } from '../../../app/drivers.js';
import { createLogger } from '../../../app/logger.js';
import { Catalog } from '../../../catalog/catalog.js';
import type { Attraction, Park } from '../../../catalog/types.js';
import { systemClock } from '../../../lib/clock.js';
import { addDays, isCalendarDate, localClockTime, localDate } from '../../../lib/time.js';
import { LiveState } from '../../../live/live-state.js';
import { FORECAST_DAYS } from '../../../models/horizon-bands.js';
import { WALKING_PACES, type WalkingPace } from '../../../models/plan/walking.js';
import { ParkModelService } from '../../../services/models/index.js';
import { OutageService } from '../../../services/outages.js';
import { ParkHoursService } from '../../../services/park-hours.js';
import { PLAN_MAX_RIDES, PlanRequestError, PlanService, type TouringPlan } from '../../../services/plan.js';
import { ReopeningService } from '../../../services/reopening/index.js';
import { UsageError, type Command } from '../../command.js';
import { table } from '../../table.js';

const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

function rideOf(catalog: Catalog, park: Park, name: string): Attraction {
  const found = catalog.ride(name, park);
  if (found.kind === 'found') return found.ride;
  throw new UsageError(
    found.kind === 'ambiguous'
      ? `--rides: "${name}" names ${found.candidates.length} rides (${found.candidates.map((r) => r.id).join(', ')}); use a ride ID`
      : `--rides: "${name}" is not a ride of ${park.name}`,
  );
}

function clockTime(value: string | undefined, option: string): string | undefined {
  if (value === undefined || CLOCK_TIME.test(value)) return value;
  throw new UsageError(`${option} must be a park-local time HH:MM (got ${value})`);
}

/** The plan as a table of steps, then what was left out and the totals against the baselines. */
export function formatPlan(plan: TouringPlan): string {
  const zone = plan.park.time_zone;
  const at = (epoch: number) => localClockTime(epoch, zone);
  const rows = [
    ['ride', 'walk', 'arrive', 'join', 'wait', '80% range', 'ride', 'leave', 'via'],
    ...plan.steps.map((step) => [
      step.ride.name,
      `${Math.round(step.walk_minutes)}`,
      at(step.arrive_at),
      at(step.join_at),
      `${step.predicted_wait_minutes}`,
      `${Math.round(step.lower_bound)}-${Math.round(step.upper_bound)}`,
      `${step.ride_minutes}`,
      at(step.depart_at),
      step.via === 'standby' ? 'standby' : 'return window',
    ]),
  ];
  const lines = [
    `${plan.park.name}, ${plan.date} (${zone}), ${at(plan.start_at)}-${at(plan.end_at)}, basis ${plan.basis}, order ${plan.method === 'exact' ? 'proven best' : 'found by search'}`,
    '',
    table(rows),
    '',
  ];
  for (const { ride, reason } of plan.not_planned) lines.push(`not planned: ${ride.name} (${reason})`);
  lines.push(
    `total wait ${plan.total_wait_minutes} min, walk ${plan.total_walk_minutes} min, finish ${at(plan.finish_at)}`,
    `in the order given: ${plan.given_order_wait_minutes} min; shortest wait now: ${plan.shortest_wait_now_wait_minutes} min; no order beats ${plan.lower_bound_wait_minutes} min`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * Prints a touring plan from the recorded history in DATA_DIR (or DATABASE_URL), through the same
 * service as `/v1/parks/{park}/plan`. The command holds no live snapshot, so today's plan follows
 * the nowcast of the waits recorded so far, not the posted waits of this minute.
 */
export const planPrint: Command = {
  usage:
    '--park KEY --rides A,B,C [--date YYYY-MM-DD] [--start HH:MM] [--end HH:MM] [--pace slow|normal|fast]',
  summary: 'Print a touring plan: the rides in the order with the least expected time in line.',
  async run(args, config) {
    const { values } = parseArgs({
      args: [...args],
      options: {
        park: { type: 'string' },
        rides: { type: 'string' },
        date: { type: 'string' },
        start: { type: 'string' },
        end: { type: 'string' },
        pace: { type: 'string' },
      },
      strict: true,
    });
    const catalog = Catalog.load();
    const park = values.park === undefined ? undefined : catalog.park(values.park);
    if (!park) {
      throw new UsageError(`--park must be one of ${catalog.parks.map((p) => p.key).join(', ')}`);
    }
    const names = (values.rides ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.length === 0 || names.length > PLAN_MAX_RIDES) {
      throw new UsageError(
        `--rides takes 1 to ${PLAN_MAX_RIDES} comma-separated rides (got ${names.length})`,
      );
    }
    const rides = names.map((name) => rideOf(catalog, park, name));
    if (new Set(rides.map((ride) => ride.id)).size < rides.length) {
      throw new UsageError('--rides names a ride twice; name each ride once');
    }
    const today = localDate(systemClock.now(), park.time_zone);
    const last = addDays(today, FORECAST_DAYS - 1);
    const date = values.date ?? today;
    if (!isCalendarDate(date) || date < today || date > last) {
      throw new UsageError(`--date must be a date YYYY-MM-DD from ${today} to ${last} (got ${date})`);
    }
    const pace = WALKING_PACES.find((value) => value === (values.pace ?? 'normal'));
    if (!pace) throw new UsageError(`--pace must be one of ${WALKING_PACES.join(', ')}`);

    const logger = createLogger('warn');
    const stores = await openStores(config);
    try {
      const feeds = createFeeds(config, catalog, systemClock, logger);
      const live = new LiveState(systemClock);
      const models = new ParkModelService(
        catalog,
        stores.history,
        feeds.schedule,
        systemClock,
        config.coverageStart,
        logger,
      );
      const reopening = new ReopeningService(catalog, stores.history, feeds.schedule, systemClock, logger);
      const service = new PlanService(
        models,
        new ParkHoursService(feeds.schedule),
        live,
        new OutageService(stores.history, live, reopening, systemClock),
        systemClock,
      );
      const plan = await service.plan({
        park,
        date,
        rides,
        start: clockTime(values.start, '--start'),
        end: clockTime(values.end, '--end'),
        pace: pace satisfies WalkingPace,
        breaks: [],
        returns: [],
        done: [],
        from: undefined,
      });
      process.stdout.write(formatPlan(plan));
      return 0;
    } catch (error) {
      if (error instanceof PlanRequestError) throw new UsageError(error.message);
      throw error;
    } finally {
      await stores.close();
    }
  },
};
