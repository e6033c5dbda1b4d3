/**
 * Priority-lane price levels. Prices move with date demand within the published bands:
 * - Lightning Lane Multi Pass: WDW $15-$39 by park (MK dearest, AK cheapest); the Disneyland
 *   Resort sells one resort-wide Multi Pass, $34-$39; Lightning Lane Premier Pass: WDW in bands of
 *   ~$159-$449 by park and date (AK cheapest, MK dearest), Disneyland ~$300-$400, and it sells out
 *   on peak dates (limited quantity);
 * - Lightning Lane Single Pass: $12-$25 by ride and date;
 * - Universal Express: ~$90-$300 (Epic Universe $150+), Express Unlimited ~1.4× that; both sell
 *   out on peak dates.
 * Whole dollars, as the operators price them.
 */
import { clamp } from './calendar.js';
import type { AttractionProfile } from './profiles.js';

/** 0 on the quietest dates (crowd ≤ 0.65) to 1 at the Christmas peak (crowd ≥ 1.6). */
export function demandShare(crowd: number): number {
  return clamp((crowd - 0.65) / 0.95, 0, 1);
}

export function priceInBand(band: readonly [number, number], crowd: number): number {
  return Math.round(band[0] + (band[1] - band[0]) * demandShare(crowd));
}

export function singlePassAmount(profile: AttractionProfile, crowd: number): number {
  return clamp(Math.round(profile.singlePassPrice * (0.85 + 0.3 * demandShare(crowd))), 12, 25);
}

/** Premier Pass quantities are capped; on peak dates it is gone. */
export const PREMIER_SELLOUT_CROWD = 1.4;
export const EXPRESS_SELLOUT_CROWD = 1.5;
export const EXPRESS_UNLIMITED_SELLOUT_CROWD = 1.4;
