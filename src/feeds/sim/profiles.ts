/**
 * Per-attraction behaviour: how popular it is (its peak posted wait on a typical day), how reliable,
 * whether lightning closes it, and its priority-lane setup.
 *
 * Defaults come from the catalog: at Disney a Single Pass ride is a headliner (peak ~70), a Multi
 * Pass ride popular (~35), a ride without a lane minor (~15); Universal sells Express on almost
 * every ride, so there thrill rides (height limit ≥ 40 in) count as popular and the rest minor.
 * Each default is spread ±15% per ride. The override table pins the notable rides to the figures
 * fans know (typical-day peaks from public wait-time histories; downtime from ride-reliability
 * reports: Test Track ~93 min/day, Rise/Slinky/Rock 'n' Roller/Smugglers >60 min/day at DHS,
 * Slinky down at opening on ~18% of days). A test checks every ID here exists in the catalog.
 */
import type { Attraction } from '../../catalog/types.js';
import type { Reliability } from './outages.js';
import type { Operator } from './parks.js';
import { clamp } from './calendar.js';
import { FITTED_SHAPES } from './fitted-shapes.js';
import { dayNumberFromParts } from './local-time.js';
import { hashString, mix, Rng } from '../../lib/random.js';
import type { DailyShape } from './waits.js';

export type Tier = 'headliner' | 'popular' | 'minor';

export interface RideOverride {
  /** Posted standby wait at the afternoon peak of a typical (crowd 1.0) day, minutes. */
  readonly peak?: number;
  readonly downMinutesPerDay?: number;
  readonly openingFailure?: number;
  /** Lightning closes it (outdoor track or boats). */
  readonly outdoor?: boolean;
  /** Lightning Lane Single Pass base price, USD. */
  readonly singlePassPrice?: number;
}

export const RIDE_OVERRIDES: Readonly<Record<string, RideOverride>> = {
  // Magic Kingdom
  'magic-kingdom_seven-dwarfs-mine-train': {
    peak: 85,
    downMinutesPerDay: 25,
    openingFailure: 0.06,
    outdoor: true,
    singlePassPrice: 15,
  },
  'magic-kingdom_tron-lightcycle-run': {
    peak: 85,
    downMinutesPerDay: 35,
    openingFailure: 0.07,
    outdoor: true,
    singlePassPrice: 21,
  },
  'magic-kingdom_tianas-bayou-adventure': {
    peak: 75,
    downMinutesPerDay: 45,
    openingFailure: 0.08,
    outdoor: true,
  },
  'magic-kingdom_peter-pans-flight': { peak: 70, downMinutesPerDay: 20 },
  'magic-kingdom_space-mountain': { peak: 60, downMinutesPerDay: 30 },
  'magic-kingdom_jungle-cruise': { peak: 50, outdoor: true },
  'magic-kingdom_big-thunder-mountain-railroad': { peak: 50, downMinutesPerDay: 25, outdoor: true },
  'magic-kingdom_haunted-mansion': { peak: 40 },
  'magic-kingdom_pirates-of-the-caribbean': { peak: 35 },
  'magic-kingdom_buzz-lightyears-space-ranger-spin': { peak: 35 },
  'magic-kingdom_the-many-adventures-of-winnie-the-pooh': { peak: 30 },
  'magic-kingdom_under-the-sea-journey-of-the-little-mermaid': { peak: 25 },
  'magic-kingdom_its-a-small-world': { peak: 20 },
  'magic-kingdom_tomorrowland-speedway': { peak: 30, outdoor: true },
  'magic-kingdom_astro-orbiter': { peak: 25, outdoor: true },
  'magic-kingdom_meet-mickey-at-town-square-theater': { peak: 35 },
  // EPCOT
  'epcot_guardians-of-the-galaxy-cosmic-rewind': {
    peak: 90,
    downMinutesPerDay: 50,
    openingFailure: 0.06,
    singlePassPrice: 18,
  },
  'epcot_test-track': { peak: 70, downMinutesPerDay: 78, openingFailure: 0.1, outdoor: true },
  'epcot_frozen-ever-after': { peak: 70, downMinutesPerDay: 40 },
  'epcot_remys-ratatouille-adventure': { peak: 60 },
  'epcot_soarin-across-america': { peak: 45 },
  'epcot_mission-space': { peak: 25 },
  'epcot_spaceship-earth': { peak: 20 },
  'epcot_meet-anna-and-elsa-at-royal-sommerhus': { peak: 35 },
  // Hollywood Studios
  'hollywood-studios_star-wars-rise-of-the-resistance': {
    peak: 90,
    downMinutesPerDay: 65,
    openingFailure: 0.12,
    singlePassPrice: 22,
  },
  'hollywood-studios_slinky-dog-dash': {
    peak: 85,
    downMinutesPerDay: 50,
    openingFailure: 0.18,
    outdoor: true,
  },
  'hollywood-studios_the-twilight-zone-tower-of-terror': { peak: 60, downMinutesPerDay: 45 },
  // Indoors (a launched coaster in a show building): lightning never closes it.
  'hollywood-studios_rock-n-roller-coaster-starring-the-muppets': {
    peak: 60,
    downMinutesPerDay: 70,
    openingFailure: 0.08,
    outdoor: false,
  },
  'hollywood-studios_mickey-and-minnies-runaway-railway': { peak: 50, downMinutesPerDay: 40 },
  'hollywood-studios_millennium-falcon-smugglers-run': { peak: 50, downMinutesPerDay: 65 },
  'hollywood-studios_toy-story-mania': { peak: 45 },
  'hollywood-studios_alien-swirling-saucers': { peak: 30, outdoor: true },
  'hollywood-studios_star-tours-the-adventures-continue': { peak: 25 },
  // Animal Kingdom
  'animal-kingdom_avatar-flight-of-passage': {
    peak: 80,
    downMinutesPerDay: 45,
    openingFailure: 0.05,
    singlePassPrice: 16,
  },
  'animal-kingdom_navi-river-journey': { peak: 50, downMinutesPerDay: 40, outdoor: false },
  'animal-kingdom_expedition-everest-legend-of-the-forbidden-mountain': {
    peak: 45,
    downMinutesPerDay: 40,
    outdoor: true,
  },
  'animal-kingdom_kali-river-rapids': { peak: 35, outdoor: true },
  'animal-kingdom_kilimanjaro-safaris': { peak: 35, downMinutesPerDay: 20, outdoor: true },
  // Disneyland
  'disneyland_star-wars-rise-of-the-resistance': {
    peak: 75,
    downMinutesPerDay: 60,
    openingFailure: 0.1,
    singlePassPrice: 25,
  },
  'disneyland_indiana-jones-adventure': { peak: 55, downMinutesPerDay: 85, openingFailure: 0.1 },
  'disneyland_space-mountain': { peak: 55, downMinutesPerDay: 30 },
  'disneyland_peter-pans-flight': { peak: 55 },
  'disneyland_tianas-bayou-adventure': { peak: 55, outdoor: true },
  'disneyland_matterhorn-bobsleds': { peak: 45, downMinutesPerDay: 45, outdoor: true },
  'disneyland_mickey-and-minnies-runaway-railway': { peak: 45 },
  'disneyland_millennium-falcon-smugglers-run': { peak: 45, downMinutesPerDay: 50 },
  'disneyland_big-thunder-mountain-railroad': { peak: 40, outdoor: true },
  'disneyland_jungle-cruise': { peak: 35, outdoor: true },
  'disneyland_haunted-mansion': { peak: 35 },
  'disneyland_pirates-of-the-caribbean': { peak: 30 },
  'disneyland_finding-nemo-submarine-voyage': { peak: 30 },
  'disneyland_alice-in-wonderland': { peak: 30 },
  'disneyland_snow-whites-enchanted-wish': { peak: 25 },
  'disneyland_mr-toads-wild-ride': { peak: 25 },
  'disneyland_pinocchios-daring-journey': { peak: 20 },
  'disneyland_dumbo-the-flying-elephant': { peak: 25, outdoor: true },
  'disneyland_storybook-land-canal-boats': { peak: 25, outdoor: true },
  'disneyland_the-many-adventures-of-winnie-the-pooh': { peak: 20 },
  'disneyland_astro-orbitor': { peak: 25, outdoor: true },
  // California Adventure
  'california-adventure_radiator-springs-racers': {
    peak: 85,
    downMinutesPerDay: 60,
    openingFailure: 0.08,
    outdoor: true,
    singlePassPrice: 22,
  },
  'california-adventure_guardians-of-the-galaxy-mission-breakout': { peak: 55, downMinutesPerDay: 40 },
  'california-adventure_web-slingers-a-spider-man-adventure': { peak: 50 },
  'california-adventure_incredicoaster': { peak: 40, downMinutesPerDay: 30, outdoor: true },
  'california-adventure_soarin-across-america': { peak: 40 },
  'california-adventure_toy-story-midway-mania': { peak: 40 },
  'california-adventure_grizzly-river-run': { peak: 30, outdoor: true },
  'california-adventure_goofys-sky-school': { peak: 25, outdoor: true },
  'california-adventure_inside-out-emotional-whirlwind': { peak: 25, outdoor: true },
  'california-adventure_luigis-rollickin-roadsters': { peak: 20, outdoor: true },
  // Universal Studios Florida
  'universal-studios-florida_harry-potter-and-the-escape-from-gringotts': {
    peak: 65,
    downMinutesPerDay: 60,
    openingFailure: 0.08,
  },
  'universal-studios-florida_revenge-of-the-mummy': { peak: 45, downMinutesPerDay: 40 },
  'universal-studios-florida_despicable-me-minion-mayhem': { peak: 45 },
  'universal-studios-florida_illuminations-villain-con-minion-blast': { peak: 40 },
  'universal-studios-florida_trolls-trollercoaster': { peak: 35, outdoor: true },
  'universal-studios-florida_hogwarts-express-kings-cross-station': { peak: 30 },
  'universal-studios-florida_fast-and-furious-supercharged': { peak: 25, downMinutesPerDay: 40 },
  // Islands of Adventure
  'islands-of-adventure_hagrids-magical-creatures-motorbike-adventure': {
    peak: 95,
    downMinutesPerDay: 65,
    openingFailure: 0.12,
    outdoor: true,
  },
  'islands-of-adventure_jurassic-world-velocicoaster': {
    peak: 80,
    downMinutesPerDay: 40,
    openingFailure: 0.08,
    outdoor: true,
  },
  'islands-of-adventure_harry-potter-and-the-forbidden-journey': { peak: 50, downMinutesPerDay: 30 },
  'islands-of-adventure_the-incredible-hulk-coaster': { peak: 40, outdoor: true },
  'islands-of-adventure_pteranodon-flyers': { peak: 40, outdoor: true },
  'islands-of-adventure_skull-island-reign-of-kong': { peak: 35 },
  'islands-of-adventure_jurassic-park-river-adventure': { peak: 35, outdoor: true },
  'islands-of-adventure_flight-of-the-hippogriff': { peak: 35, outdoor: true },
  // Epic Universe (the park's crowdScale adds ~20% on top)
  'epic-universe_harry-potter-and-the-battle-at-the-ministry': {
    peak: 100,
    downMinutesPerDay: 70,
    openingFailure: 0.1,
  },
  'epic-universe_mario-kart-bowsers-challenge': { peak: 80, downMinutesPerDay: 50, openingFailure: 0.06 },
  'epic-universe_mine-cart-madness': { peak: 75, downMinutesPerDay: 45, openingFailure: 0.08, outdoor: true },
  'epic-universe_monsters-unchained-the-frankenstein-experiment': { peak: 70, downMinutesPerDay: 60 },
  'epic-universe_stardust-racers': { peak: 60, downMinutesPerDay: 40, outdoor: true },
  'epic-universe_hiccups-wing-gliders': { peak: 55, outdoor: true },
  'epic-universe_yoshis-adventure': { peak: 45 },
  'epic-universe_curse-of-the-werewolf': { peak: 40, outdoor: true },
  // Universal Studios Hollywood
  'universal-studios-hollywood_mario-kart-bowsers-challenge': { peak: 70, downMinutesPerDay: 45 },
  'universal-studios-hollywood_fast-and-furious-hollywood-drift': {
    peak: 50,
    downMinutesPerDay: 50,
    outdoor: true,
  },
  'universal-studios-hollywood_harry-potter-and-the-forbidden-journey': { peak: 40 },
  'universal-studios-hollywood_jurassic-world-the-ride': { peak: 40, outdoor: true },
  'universal-studios-hollywood_studio-tour': { peak: 35 },
  'universal-studios-hollywood_ollivanders': { peak: 30 },
};

/** Announced closures, inclusive park-local dates. A test checks the IDs exist in the catalog. */
export const REFURBISHMENTS: readonly {
  readonly ride_id: string;
  readonly from: string;
  readonly to: string;
}[] = [
  // "it's a small world Holiday" overlay install, as every autumn.
  { ride_id: 'disneyland_its-a-small-world', from: '2026-10-26', to: '2026-11-12' },
  {
    ride_id: 'islands-of-adventure_popeye-and-blutos-bilge-rat-barges',
    from: '2026-11-09',
    to: '2026-12-18',
  },
  { ride_id: 'animal-kingdom_kali-river-rapids', from: '2027-01-04', to: '2027-02-26' },
  { ride_id: 'disneyland_matterhorn-bobsleds', from: '2027-01-06', to: '2027-03-04' },
  { ride_id: 'universal-studios-hollywood_jurassic-world-the-ride', from: '2027-01-05', to: '2027-02-12' },
];

/** Share of non-headliner rides that go down for a scheduled refurbishment in a given year. */
const REFURBISHMENT_SHARE = 0.15;

/**
 * The scheduled refurbishment of a ride in a year, inclusive park-local dates, or null: about 15%
 * of the rides that are not headliners close for two to six weeks in the off-season (early January
 * to late February, or late August to September), as the operators schedule them. A fact about the
 * park, not the run: it depends on the ride and the year, never on the seed.
 */
export function scheduledRefurbishment(
  profile: AttractionProfile,
  year: number,
): { readonly from: number; readonly to: number } | null {
  if (profile.attraction.type !== 'ride' || profile.tier === 'headliner') return null;
  const rng = new Rng(profile.hash, year, 0x4ef);
  if (!rng.chance(REFURBISHMENT_SHARE)) return null;
  const winter = rng.chance(0.5);
  const from = winter
    ? dayNumberFromParts(year, 1, 6) + rng.int(0, 45)
    : dayNumberFromParts(year, 8, 24) + rng.int(0, 27);
  return { from, to: from + rng.int(14, 42) - 1 };
}

/** Rides lightning closes when the table says nothing: open track, boats, spinners in the open. */
const OUTDOOR_NAME =
  /coaster|mine-train|railroad|dumbo|barnstormer|orbit|swings|speedway|autopia|rapids|falls|river-run|river-adventure|canoe|riverboat|columbia|circus-train|express-train|flyers|zephyr|jellyfish|critter|pal-a-round|tea-party|carpets|roadsters|junkyard|trolley|one-fish|accelatron|barges|fearfall|gliders|racers-rally|safari|peoplemover|sky-school|monorail|saucers/;
const NIGHTTIME_SHOW =
  /happily-ever-after|fantasmic|luminous|world-of-color|wonderful-world-of-animation|night|fireworks/;
const PARADE = /parade/;

export type ShowKind = 'daytime' | 'nighttime' | 'parade';

export interface AttractionProfile {
  readonly attraction: Attraction;
  readonly hash: number;
  readonly tier: Tier;
  /** Peak posted wait on a typical day; 0 for shows and walk-throughs (they post none). */
  readonly peak: number;
  /** Rides only: shows, meets and walk-throughs do not break down here. */
  readonly reliability: Reliability | null;
  /** Single-rider wait as a share of standby; null without a single-rider line. */
  readonly singleRiderRatio: number | null;
  readonly showKind: ShowKind | null;
  /** Lightning Lane windows (Disney only). */
  readonly multiPass: boolean;
  readonly singlePass: boolean;
  readonly singlePassPrice: number;
  /** In [0, 1): below the window's share, the ride runs in early entry / evening / event windows. */
  readonly extraHoursDraw: number;
  /** Daily shape of its posted wait: its own fitted one if recorded, else its class's. */
  readonly shape: DailyShape;
}

/**
 * Typical (median) downtime by tier. Each ride's own figure is drawn around it from a heavy-tailed
 * log-normal (σ 0.75, cut at +1.6σ), as ride-reliability reports show: most rides rarely stop, a few are down for
 * more than an hour a day. All-day closures (a ride that never opens that day) are rare: about one
 * day in 300 for a ride with moving parts and effects, half that for a simple one.
 */
const DEFAULT_RELIABILITY: Readonly<Record<Tier, Omit<Reliability, 'outdoor'>>> = {
  headliner: { downMinutesPerDay: 30, meanOutageMinutes: 30, openingFailure: 0.05, allDayClosure: 0.004 },
  popular: { downMinutesPerDay: 12, meanOutageMinutes: 25, openingFailure: 0.03, allDayClosure: 0.003 },
  minor: { downMinutesPerDay: 5, meanOutageMinutes: 18, openingFailure: 0.01, allDayClosure: 0.0015 },
};
const DOWNTIME_SIGMA = 0.75;

function defaultPeak(a: Attraction, operator: Operator): number {
  const lanes = a.priority_lane;
  // Walk-throughs and trails have no queue to post.
  if (a.type === 'experience') return 0;
  if (a.type === 'meet') return lanes.length > 0 ? 30 : 20;
  if (operator === 'universal') return (a.height_requirement_inches ?? 0) >= 40 ? 40 : 25;
  if (lanes.includes('single_pass')) return 70;
  if (lanes.includes('multi_pass')) {
    const thrill = (a.top_speed_mph ?? 0) >= 40 || (a.height_requirement_inches ?? 0) >= 44;
    return thrill ? 42 : 35;
  }
  return 15;
}

export function tierOf(peak: number): Tier {
  return peak >= 60 ? 'headliner' : peak >= 30 ? 'popular' : 'minor';
}

type FittedRide = (typeof FITTED_SHAPES.rides)[keyof typeof FITTED_SHAPES.rides];
const FITTED_RIDES: Readonly<Record<string, FittedRide>> = FITTED_SHAPES.rides;

/**
 * Posted waits in 2026 relative to the 2019 recordings: Walt Disney World's average posted wait is
 * about 40 minutes in 2026, as the recorded attractions averaged in 2019.
 */
export const LEVEL_2026 = 1;

function shapeOf(id: string, tier: Tier): DailyShape {
  const fitted = FITTED_RIDES[id];
  if (fitted) return fitted;
  return tier === 'headliner'
    ? { shape: FITTED_SHAPES.classShapes.headliner, taper: FITTED_SHAPES.classTapers.headliner }
    : { shape: FITTED_SHAPES.classShapes.other, taper: FITTED_SHAPES.classTapers.other };
}

/** Profiles are seed-independent: which rides are popular is a fact about the park, not the run. */
export function profileOf(a: Attraction, operator: Operator): AttractionProfile {
  const hash = hashString(a.id);
  const rng = new Rng(hash, 0x9f);
  const override = RIDE_OVERRIDES[a.id] ?? {};
  const spread = Math.exp(0.15 * Math.max(-2, Math.min(2, rng.normal())));
  const fitted = FITTED_RIDES[a.id];
  // A recorded attraction's peak is its recorded mean level over the mean of its fitted shape.
  const fittedPeak = fitted ? Math.round((fitted.meanPosted2019 / fitted.meanFactor) * LEVEL_2026) : null;
  const peak =
    a.type === 'show' ? 0 : (fittedPeak ?? override.peak ?? Math.round(defaultPeak(a, operator) * spread));
  const tier = a.type === 'show' || peak === 0 ? 'minor' : tierOf(peak);
  const base = DEFAULT_RELIABILITY[tier];
  // The tail is cut at +1.6σ (3.3× the median): a ride down for hours every day would be closed.
  const reliabilitySpread = Math.exp(DOWNTIME_SIGMA * clamp(rng.normal(), -2.5, 1.6));
  const reliability: Reliability | null =
    a.type === 'ride'
      ? {
          downMinutesPerDay: override.downMinutesPerDay ?? base.downMinutesPerDay * reliabilitySpread,
          meanOutageMinutes: base.meanOutageMinutes,
          openingFailure: override.openingFailure ?? base.openingFailure,
          allDayClosure: base.allDayClosure,
          outdoor: override.outdoor ?? OUTDOOR_NAME.test(a.slug),
        }
      : null;
  const disney = operator === 'disney';
  return {
    attraction: a,
    hash,
    tier,
    peak,
    reliability,
    singleRiderRatio: a.single_rider ? 0.3 + 0.25 * rng.next() : null,
    showKind:
      a.type !== 'show'
        ? null
        : NIGHTTIME_SHOW.test(a.slug)
          ? 'nighttime'
          : PARADE.test(a.slug)
            ? 'parade'
            : 'daytime',
    multiPass: disney && a.priority_lane.includes('multi_pass'),
    singlePass: disney && a.priority_lane.includes('single_pass'),
    singlePassPrice: override.singlePassPrice ?? Math.round(Math.min(25, Math.max(12, 10 + peak / 6))),
    extraHoursDraw: (mix(hash, 0xee) >>> 0) / 4294967296,
    shape: shapeOf(a.id, tier),
  };
}
