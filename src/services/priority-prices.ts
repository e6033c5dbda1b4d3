/**
 * Priority-lane prices per park and date, read from the price feed and kept for a minute: prices
 * move with demand during the day, but not every 5 seconds.
 */
import type { Park } from '../catalog/types.js';
import type { PriorityPrice, PriorityPriceFeed } from '../feeds/types.js';
import type { Clock } from '../lib/clock.js';

export const PRICE_CACHE_MS = 60_000;

export interface CheckedPrices {
  readonly prices: readonly PriorityPrice[];
  readonly checked_at: number;
}

export class PriorityPriceService {
  private readonly cache = new Map<string, CheckedPrices>();

  constructor(
    private readonly feed: PriorityPriceFeed,
    private readonly clock: Clock,
  ) {}

  /** Rejects with the feed's UpstreamError when prices cannot be read. */
  async forDate(park: Park, date: string): Promise<CheckedPrices> {
    const now = this.clock.now();
    const key = `${park.key}/${date}`;
    const cached = this.cache.get(key);
    if (cached && now - cached.checked_at < PRICE_CACHE_MS && now >= cached.checked_at) return cached;
    const checked = { prices: await this.feed.readPriorityPrices(park, date, now), checked_at: now };
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(key, checked);
    return checked;
  }
}
