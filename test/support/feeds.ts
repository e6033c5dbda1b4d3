/**
 * The real simulator, wrapped so a test can make an upstream fail, force a ride's reported status or
 * make a park's day run busier than simulated: the conditions a real operator feed produces, at a
 * moment the test chooses.
 */
import type { Feeds } from '../../src/app/index.js';
import type { Catalog } from '../../src/catalog/catalog.js';
import { createSimulatedFeeds, type Simulator } from '../../src/feeds/sim/index.js';
import { UpstreamError, type OperatorStatus } from '../../src/feeds/types.js';

export class ControllableFeeds {
  readonly failing = new Set<string>();
  readonly forced = new Map<string, OperatorStatus>();
  /** Parks whose posted waits run at `factor` times the simulator's from `from` (epoch ms) on. */
  readonly surges = new Map<string, { readonly from: number; readonly factor: number }>();
  simulator: Simulator | undefined;

  readonly build = (catalog: Catalog): Feeds => {
    const sim = createSimulatedFeeds(catalog);
    this.simulator = sim.simulator;
    return {
      ...sim,
      liveQueues: {
        readLiveQueues: async (park, at) => {
          if (this.failing.has(park.key)) throw new UpstreamError('sim', `injected failure for ${park.key}`);
          const simulated = await sim.liveQueues.readLiveQueues(park, at);
          const surge = this.surges.get(park.key);
          const reading =
            surge && at >= surge.from
              ? {
                  ...simulated,
                  entries: simulated.entries.map((entry) =>
                    entry.standby_wait_minutes === null
                      ? entry
                      : {
                          ...entry,
                          standby_wait_minutes: Math.round(entry.standby_wait_minutes * surge.factor),
                        },
                  ),
                }
              : simulated;
          if (this.forced.size === 0) return reading;
          const entries = reading.entries.map((entry) => {
            const status = this.forced.get(entry.ride_id);
            return status ? { ...entry, status, standby_wait_minutes: null } : entry;
          });
          for (const [rideId, status] of this.forced) {
            const ride = park.attractions.find((a) => a.id === rideId);
            if (ride && !entries.some((e) => e.ride_id === rideId)) {
              entries.push({
                ride_id: ride.id,
                name: ride.name,
                type: ride.type,
                status,
                standby_wait_minutes: null,
                single_rider_wait_minutes: null,
                return_windows: [],
              });
            }
          }
          return { ...reading, entries };
        },
      },
    };
  };
}
