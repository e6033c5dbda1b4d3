/**
 * The simulator: a pure function of (seed, time). Same seed and instant → deep-equal data, on any
 * instance, in any call order. Live state is piecewise constant over whole minutes (every change
 * falls on a minute boundary), so sampling once per minute loses no change.
 *
 * Cost: the first call for a park day builds that day for every attraction (~2-3 ms per park);
 * later calls are a binary search per attraction (~2 µs per park). Entry objects are shared
 * between readings of the same state (an unchanged ride returns the identical object), so they
 * must be treated as the readonly values their types say they are.
 */
import type { Catalog } from '../../catalog/catalog.js';
import type { Park } from '../../catalog/types.js';
import type {
  LiveQueueEntry,
  LiveQueueReading,
  ParkDaySchedule,
  PriorityPrice,
  ReplayedReading,
} from '../types.js';
import { dayNumberOf } from './local-time.js';
import { ParkSimulation, type ParkDay } from './park-days.js';
import { priceList } from './price-list.js';
import { changeIndexAt } from './ride-day.js';
import { toParkDaySchedule } from './schedule.js';

export const DEFAULT_SEED = 20260928;

export interface SimulatorOptions {
  readonly seed?: number;
}

export class Simulator {
  readonly seed: number;
  private readonly parks = new WeakMap<Park, ParkSimulation>();

  constructor(catalog: Catalog, options: SimulatorOptions = {}) {
    this.seed = (options.seed ?? DEFAULT_SEED) >>> 0;
    // Profiles for the catalog's parks up front; other Park objects are set up on first use.
    for (const park of catalog.parks) this.parkSimulation(park);
  }

  /** Every attraction the operator reports at `at` (see ride-day.ts for what is reported when). */
  simulateLiveQueues(park: Park, at: number): LiveQueueReading {
    return this.replayLiveQueues(park, at).reading;
  }

  /**
   * The reading at `at` and the first instant after it at which any attraction's entry changes
   * (or the park day ends): every reading in between reports the very same entries.
   */
  replayLiveQueues(park: Park, at: number): ReplayedReading {
    const day = this.parkSimulation(park).dayAt(at);
    const entries: LiveQueueEntry[] = [];
    let nextChangeAt = day.schedule.dayEnd;
    for (const timeline of day.timelines) {
      const index = changeIndexAt(timeline, at);
      const entry = index < 0 ? null : timeline.entries[index];
      if (entry) entries.push(entry);
      const next = timeline.times[index + 1];
      if (next !== undefined && next < nextChangeAt) nextChangeAt = next;
    }
    return { reading: { park_id: park.id, observed_at: at, entries }, nextChangeAt };
  }

  /** The park's windows for a park-local date (`YYYY-MM-DD`); throws RangeError on a bad date. */
  simulateSchedule(park: Park, date: string): ParkDaySchedule {
    return toParkDaySchedule(park, this.parkSimulation(park).schedule(dayNumberOf(date)));
  }

  simulatePriorityPrices(park: Park, date: string, at: number): PriorityPrice[] {
    return priceList(this.parkSimulation(park), date, at);
  }

  /** The full simulated day (schedule, crowd, storms, per-attraction timelines and outages). */
  simulateParkDay(park: Park, date: string): ParkDay {
    return this.parkSimulation(park).day(dayNumberOf(date));
  }

  private parkSimulation(park: Park): ParkSimulation {
    let sim = this.parks.get(park);
    if (!sim) {
      sim = new ParkSimulation(park, this.seed);
      this.parks.set(park, sim);
    }
    return sim;
  }
}
