/**
 * Plan problems on the simulator's parks, for `models plan-optimality --problems parks`: a random
 * park day of the catalog, a random choice of its queued rides, the day from its opening to its
 * closing, walks between the catalog's ride locations at normal pace, and each ride's waits that
 * day as the simulator posts them, averaged by the hour as the endpoint's forecasts are (a perfect
 * forecast at their resolution), down while the simulator has it down. Real
 * parks' geometry and waits' shapes, and days too short for every ride chosen, which the random
 * problems of `random-problems.ts` never have.
 */
import type { Catalog } from '../../../catalog/catalog.js';
import type { Attraction, Park } from '../../../catalog/types.js';
import { Simulator } from '../../../feeds/sim/index.js';
import { changeIndexAt } from '../../../feeds/sim/ride-day.js';
import { Rng } from '../../../lib/random.js';
import { addDays, startOfLocalDay } from '../../../lib/time.js';
import type { PlanProblem } from '../../../models/plan/types.js';
import { walkMinutes } from '../../../models/plan/walking.js';
import { UNKNOWN_RIDE_MINUTES, UNKNOWN_WALK_MINUTES } from '../../../services/plan.js';

const MINUTE_MS = 60_000;
/** The dates drawn from: a whole year, so seasons, holidays and short winter days all come up. */
const FIRST_DATE = '2026-01-01';
const DAYS = 365;

/** A park's rides with a posted standby wait at some minute of a day, in catalog order. */
function queuedRides(simulator: Simulator, park: Park, date: string): Attraction[] {
  const day = simulator.simulateParkDay(park, date);
  return park.attractions.filter((_, index) =>
    day.timelines[index]?.entries.some((entry) => entry?.standby_wait_minutes != null),
  );
}

/**
 * The problem of request `seed`: `rides` rides of a park day that has at least that many queued
 * rides operating, or undefined when no catalog park has that many.
 */
export function simulatedParkProblem(
  catalog: Catalog,
  simulator: Simulator,
  seed: number,
  rides: number,
): PlanProblem | undefined {
  const rng = new Rng(seed, rides);
  for (let attempt = 0; attempt < 50; attempt++) {
    const park = catalog.parks[rng.int(0, catalog.parks.length - 1)];
    if (!park) return undefined;
    const date = addDays(FIRST_DATE, rng.int(0, DAYS - 1));
    const operating = simulator.simulateSchedule(park, date).windows.find((w) => w.type === 'OPERATING');
    if (!operating) continue;
    const queued = queuedRides(simulator, park, date);
    if (queued.length < rides) continue;
    // The first `rides` of a Fisher-Yates shuffle.
    for (let k = 0; k < rides; k++) {
      const pick = rng.int(k, queued.length - 1);
      [queued[k], queued[pick]] = [queued[pick] as Attraction, queued[k] as Attraction];
    }
    return parkDayProblem(simulator, park, date, queued.slice(0, rides), operating);
  }
  return undefined;
}

function parkDayProblem(
  simulator: Simulator,
  park: Park,
  date: string,
  rides: readonly Attraction[],
  operating: { readonly opens_at: number; readonly closes_at: number },
): PlanProblem {
  const day = simulator.simulateParkDay(park, date);
  const origin = startOfLocalDay(date, park.time_zone);
  const start = (operating.opens_at - origin) / MINUTE_MS;
  const end = (operating.closes_at - origin) / MINUTE_MS;
  const waits = rides.map((ride) => {
    const timeline = day.timelines[park.attractions.indexOf(ride)];
    return hourlyMeanWaits(start, end, (minute) => {
      const entry = timeline?.entries[changeIndexAt(timeline, origin + minute * MINUTE_MS)];
      return entry?.status === 'OPERATING' ? entry.standby_wait_minutes : null;
    });
  });
  const place = (index: number | 'entrance') =>
    index === 'entrance' ? park.entrance : rides[index]?.location;
  return {
    rides: rides.map((ride, index) => ({
      id: ride.id,
      rideMinutes: ride.duration_minutes ?? UNKNOWN_RIDE_MINUTES,
      waitAt: (minute) => (minute >= start && minute < end ? (waits[index]?.[minute - start] ?? null) : null),
    })),
    start,
    end,
    breaks: [],
    walkMinutes(from, to) {
      const a = place(from);
      const b = place(to);
      return a && b ? walkMinutes(a, b, 'normal') : UNKNOWN_WALK_MINUTES;
    },
  };
}

/**
 * Each minute's wait as a perfect forecast at the resolution the plan endpoint plans on: the mean
 * posted wait of the minute's hour (whole minutes), null while the ride is not operating.
 */
function hourlyMeanWaits(
  start: number,
  end: number,
  postedAt: (minute: number) => number | null,
): (number | null)[] {
  const posted = Array.from({ length: end - start }, (_, offset) => postedAt(start + offset));
  const means = new Map<number, number>();
  for (let hour = Math.floor(start / 60); hour * 60 < end; hour++) {
    let sum = 0;
    let count = 0;
    for (let minute = Math.max(start, hour * 60); minute < Math.min(end, hour * 60 + 60); minute++) {
      const wait = posted[minute - start];
      if (wait === null || wait === undefined) continue;
      sum += wait;
      count++;
    }
    if (count > 0) means.set(hour, Math.round(sum / count));
  }
  return posted.map((wait, offset) =>
    wait === null ? null : (means.get(Math.floor((start + offset) / 60)) ?? null),
  );
}
