/**
 * The service's lightning risk for a park right now, from what the weather agency says and the
 * season. Parks close outdoor rides when lightning is within about 10 miles, so the risk is about
 * rides closing, not about a forecast: a thunderstorm observed at the station or a thunderstorm
 * alert in effect is high; the afternoons of a season with frequent thunder days are moderate;
 * anything else is low. Pure: the caller supplies the park's climate and local hour.
 */

export type LightningRiskLevel = 'low' | 'moderate' | 'high';

export type LightningRiskReason = 'thunderstorm_observed' | 'thunderstorm_alert' | 'storm_season_afternoon';

export interface LightningRisk {
  readonly level: LightningRiskLevel;
  /** Why, strongest first; empty when low. */
  readonly reasons: readonly LightningRiskReason[];
}

/** Average days with thunder per month, January first (NOAA normals for the nearest airports). */
export const THUNDER_DAYS: Readonly<Record<Climate, readonly number[]>> = {
  // Orlando: the summer wet season brings afternoon storms on most days.
  'central-florida': [2, 3, 4, 4, 8, 16, 20, 18, 12, 4, 2, 2],
  // Los Angeles basin: a few winter fronts a year.
  'southern-california': [0.6, 0.6, 0.7, 0.4, 0.2, 0.1, 0.2, 0.3, 0.4, 0.3, 0.4, 0.5],
};

export type Climate = 'central-florida' | 'southern-california';

const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A month where thunder comes on at least this share of days is storm season. */
const STORM_SEASON_SHARE = 0.3;
/** Sea-breeze thunderstorms form in the afternoon and early evening. */
const AFTERNOON_FROM_HOUR = 12;
const AFTERNOON_TO_HOUR = 20;

/** Alerts about thunderstorms, tornadoes or lightning, by their type or headline. */
export function isThunderstormAlert(alert: {
  readonly event: string;
  readonly headline: string | null;
}): boolean {
  return /thunder|tornado|lightning/i.test(`${alert.event} ${alert.headline ?? ''}`);
}

export interface LightningInputs {
  /** The current observation reports a thunderstorm. */
  readonly thunderstormObserved: boolean;
  /** How many thunderstorm alerts are in effect (see isThunderstormAlert). */
  readonly thunderstormAlerts: number;
  /** Undefined where no thunder normals are known: no seasonal part, only what is observed. */
  readonly climate: Climate | undefined;
  /** 1-12, park-local. */
  readonly month: number;
  /** 0-23, park-local. */
  readonly hour: number;
}

export function lightningRisk(inputs: LightningInputs): LightningRisk {
  const reasons: LightningRiskReason[] = [];
  if (inputs.thunderstormObserved) reasons.push('thunderstorm_observed');
  if (inputs.thunderstormAlerts > 0) reasons.push('thunderstorm_alert');
  const thunderDays = inputs.climate ? (THUNDER_DAYS[inputs.climate][inputs.month - 1] ?? 0) : 0;
  const share = thunderDays / (DAYS_IN_MONTH[inputs.month - 1] ?? 30);
  const afternoon = inputs.hour >= AFTERNOON_FROM_HOUR && inputs.hour < AFTERNOON_TO_HOUR;
  if (share >= STORM_SEASON_SHARE && afternoon) reasons.push('storm_season_afternoon');
  const level: LightningRiskLevel =
    reasons.includes('thunderstorm_observed') || reasons.includes('thunderstorm_alert')
      ? 'high'
      : reasons.length > 0
        ? 'moderate'
        : 'low';
  return { level, reasons };
}
