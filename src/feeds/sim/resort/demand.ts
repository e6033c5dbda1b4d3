/**
 * How wanted a resort date is, the one input of every date-based price, blockout and sell-out of the
 * resort families: the crowd calendar's seasonal factor (holidays, school breaks) times its weekday
 * factor, plus the weekend premium operators charge even where Florida crowds barely move with the
 * weekday.
 */
import type { Resort } from '../../../catalog/types.js';
import { clamp, seasonalFactor, weekdayFactor, type Region } from '../calendar.js';
import { dayNumberOf, weekdayOf } from '../local-time.js';

export function regionOf(resort: Pick<Resort, 'time_zone'>): Region {
  return resort.time_zone === 'America/Los_Angeles' ? 'california' : 'florida';
}

/** Expected demand of a date: ~0.6 (a January Tuesday) to ~1.7 (a Saturday after Christmas). */
export function dateDemand(region: Region, dayNumber: number): number {
  const seasonal = seasonalFactor(region, dayNumber);
  const weekday = weekdayOf(dayNumber);
  const weekend = weekday === 6 ? 0.1 : weekday === 5 || weekday === 7 ? 0.06 : 0;
  return seasonal * weekdayFactor(region, dayNumber, seasonal) + weekend;
}

/** Demand on a 0-1 scale across the year's range. */
export function demandShare(demand: number): number {
  return clamp((demand - 0.62) / (1.62 - 0.62), 0, 1);
}

/** The price tier (1 … `tiers`) of a demand. */
export function priceTier(demand: number, tiers: number): number {
  return 1 + Math.round(demandShare(demand) * (tiers - 1));
}

/** A price within `[low, high]` at a tier, ending in 4 or 9 as operators' price lists do. */
export function tierPrice(band: readonly [number, number], tier: number, tiers: number): number {
  const [low, high] = band;
  const raw = low + ((high - low) * (tier - 1)) / Math.max(1, tiers - 1);
  return clamp(Math.round((raw + 1) / 5) * 5 - 1, low, high);
}

/** Whole days from the check's local date to the target date (0 = today). */
export function daysAhead(today: string, date: string): number {
  return dayNumberOf(date) - dayNumberOf(today);
}

export function usd(amount: number): { amount: number; currency: string } {
  return { amount: Math.round(amount * 100) / 100, currency: 'USD' };
}
