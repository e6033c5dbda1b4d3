/**
 * FEED=sim: deterministic simulated operator feeds for the ten parks. See simulator.ts for the
 * contract and the other files of this folder for each part of the model.
 */
import type { Catalog } from '../../catalog/catalog.js';
import type { ResortFeeds } from '../resort-data.js';
import { simulateShowtimes } from './showtimes.js';
import { SimulatedWeather } from './weather-observations.js';
import { createSimulatedResortFeeds } from './resort/index.js';
import type {
  LiveQueueFeed,
  OperatorForecastFeed,
  PriorityPriceFeed,
  ScheduleFeed,
  ShowtimeFeed,
  WeatherFeed,
} from '../types.js';
import { localDate } from '../../lib/time.js';
import { simulateOperatorForecast } from './operator-forecast.js';
import { Simulator, type SimulatorOptions } from './simulator.js';

export { DEFAULT_SEED, Simulator, type SimulatorOptions } from './simulator.js';
export type { ParkDay } from './park-days.js';
export type { RideTimeline } from './ride-day.js';

export interface SimulatedFeeds extends ResortFeeds {
  readonly liveQueues: LiveQueueFeed;
  readonly schedule: ScheduleFeed;
  readonly priorityPrices: PriorityPriceFeed;
  readonly showtimes: ShowtimeFeed;
  /** WEATHER=sim: observations and alerts from the same storms that close outdoor rides. */
  readonly weather: WeatherFeed;
  readonly operatorForecast: OperatorForecastFeed;
  /** The synchronous, pure functions behind the feeds (backfill, tests). */
  readonly simulator: Simulator;
  readonly simulateLiveQueues: Simulator['simulateLiveQueues'];
  readonly simulateSchedule: Simulator['simulateSchedule'];
  readonly simulatePriorityPrices: Simulator['simulatePriorityPrices'];
}

export function createSimulatedFeeds(catalog: Catalog, options: SimulatorOptions = {}): SimulatedFeeds {
  const simulator = new Simulator(catalog, options);
  const weather = new SimulatedWeather(simulator);
  // The async methods wrap the sync ones so a synchronous throw (bad date) becomes a rejection.
  const schedule: ScheduleFeed = {
    readSchedule: async (park, date) => simulator.simulateSchedule(park, date),
  };
  return {
    ...createSimulatedResortFeeds(simulator.seed, schedule),
    liveQueues: {
      readLiveQueues: async (park, at) => simulator.simulateLiveQueues(park, at),
      replayLiveQueues: async (park, at) => simulator.replayLiveQueues(park, at),
    },
    schedule,
    priorityPrices: {
      readPriorityPrices: async (park, date, at) => simulator.simulatePriorityPrices(park, date, at),
    },
    showtimes: {
      readShowtimes: async (park, date, at) =>
        simulateShowtimes(park, simulator.simulateSchedule(park, date), at),
    },
    weather: { source: 'sim', readWeather: async (park, at) => weather.read(park, at) },
    operatorForecast: {
      readOperatorForecast: async (park, date, at) =>
        simulateOperatorForecast(simulator, park, date, localDate(at, park.time_zone)),
    },
    simulator,
    simulateLiveQueues: (park, at) => simulator.simulateLiveQueues(park, at),
    simulateSchedule: (park, date) => simulator.simulateSchedule(park, date),
    simulatePriorityPrices: (park, date, at) => simulator.simulatePriorityPrices(park, date, at),
  };
}
