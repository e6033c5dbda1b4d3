/**
 * The priority lane of a park for a date (`/v1/parks/{park}/priority-lane`): the prices, read from
 * the price feed and kept for a minute (they move with demand during the day, but not every 5
 * seconds), and for today each queued ride's current return window from the live snapshot, soonest
 * return first.
 */
import type { Park } from '../catalog/types.js';
import type { PriorityPrice, PriorityPriceFeed } from '../feeds/types.js';
import type { Clock } from '../lib/clock.js';
import { localDate } from '../lib/time.js';
import type { LiveState, ParkLiveView } from '../live/live-state.js';
import type { LiveEntry, PriorityLaneWindow } from '../live/types.js';

export const PRICE_CACHE_MS = 60_000;

export interface CheckedPrices {
  readonly prices: readonly PriorityPrice[];
  readonly checked_at: number;
}

/** A ride with a priority lane in the live snapshot. */
export type LaneRide = LiveEntry & { readonly priority_lane: PriorityLaneWindow };

export interface PriorityLaneDay {
  readonly date: string;
  /** Whether `date` is today in the park's zone: return windows exist for today only. */
  readonly today: boolean;
  readonly prices: CheckedPrices;
  /** The live view the return windows come from. */
  readonly live: ParkLiveView;
  /** Today's rides with a return window, soonest return first, sold out (no return time) last. */
  readonly rides: readonly LaneRide[];
}

export class PriorityLaneService {
  private readonly prices = new Map<string, CheckedPrices>();

  constructor(
    private readonly feed: PriorityPriceFeed,
    private readonly live: LiveState,
    private readonly clock: Clock,
  ) {}

  /** Rejects with the feed's UpstreamError when prices cannot be read. */
  async forDate(park: Park, date: string): Promise<PriorityLaneDay> {
    const prices = await this.checkedPrices(park, date);
    const live = this.live.view(park.key);
    const today = date === localDate(this.clock.now(), park.time_zone);
    const rides =
      today && live.snapshot
        ? live.snapshot.entries
            .filter((entry): entry is LaneRide => entry.priority_lane !== null)
            .sort(soonestReturn)
        : [];
    return { date, today, prices, live, rides };
  }

  /** Changes whenever the return windows may: the park's live state. */
  version(park: Park): number {
    return this.live.version(park.key);
  }

  private async checkedPrices(park: Park, date: string): Promise<CheckedPrices> {
    const now = this.clock.now();
    const key = `${park.key}/${date}`;
    const cached = this.prices.get(key);
    if (cached && now - cached.checked_at < PRICE_CACHE_MS && now >= cached.checked_at) return cached;
    const checked = { prices: await this.feed.readPriorityPrices(park, date, now), checked_at: now };
    if (this.prices.size > 1000) this.prices.clear();
    this.prices.set(key, checked);
    return checked;
  }
}

function soonestReturn(a: LaneRide, b: LaneRide): number {
  const first = a.priority_lane.return_start ?? Number.POSITIVE_INFINITY;
  const second = b.priority_lane.return_start ?? Number.POSITIVE_INFINITY;
  return first - second;
}
