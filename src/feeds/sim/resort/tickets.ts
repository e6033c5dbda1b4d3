/**
 * Simulated ticket price lists, on the resorts' real 2026 date-based price levels (adult, before
 * tax): a date's demand (demand.ts) picks the tier, so weekends, holidays and school breaks cost
 * more.
 * - Walt Disney World: 1-day 1-park by park (Magic Kingdom dearest, Animal Kingdom cheapest,
 *   ~$119-199), Park Hopper +$65-95, multi-day 2-10 days (the per-day price falls with length),
 *   hopper multi-day.
 * - Disneyland Resort: the eight 1-day tiers ($104-206), Park Hopper +$65-75, 2-5 day tickets.
 * - Universal Orlando: 1-park 1-day ($119-199; Epic Universe from $139), Park-to-Park, 2-5 day
 *   multi-park tickets, Universal Express per park ($90-300) and Express Unlimited.
 * - Universal Studios Hollywood: 1-day general admission ($119-189), Universal Express ($199-299).
 * Special events: the separately ticketed event night of the date (event-nights.ts), at its price.
 */
import type { Resort } from '../../../catalog/types.js';
import type { ParkProduct, TicketOffer, TicketPriceList } from '../../resort-data.js';
import { eventNightOf } from '../event-nights.js';
import { dayNumberOf } from '../local-time.js';
import { dateDemand, priceTier, regionOf, tierPrice, usd } from './demand.js';

type Band = readonly [number, number];

const WDW_TIERS = 9;
const WDW_ONE_DAY: Readonly<Record<string, Band>> = {
  'magic-kingdom': [139, 199],
  'hollywood-studios': [129, 194],
  epcot: [124, 189],
  'animal-kingdom': [119, 184],
};
/** Multi-day total as a multiple of the base 1-day price (real WDW lists: 10 days ≈ 5.3 base days). */
const WDW_DAYS_FACTOR: Readonly<Record<number, number>> = {
  2: 1.92,
  3: 2.78,
  4: 3.55,
  5: 4.2,
  6: 4.5,
  7: 4.72,
  8: 4.92,
  9: 5.12,
  10: 5.3,
};

const DLR_TIERS = [104, 124, 139, 154, 169, 184, 196, 206] as const;
const DLR_DAYS_FACTOR: Readonly<Record<number, number>> = { 2: 2.08, 3: 2.78, 4: 3.05, 5: 3.22 };

const UOR_TIERS = 8;
const UOR_ONE_DAY: Readonly<Record<string, Band>> = {
  'universal-studios-florida': [119, 199],
  'islands-of-adventure': [119, 199],
  'epic-universe': [139, 209],
};
const UOR_EXPRESS: Readonly<Record<string, Band>> = {
  'universal-studios-florida': [90, 280],
  'islands-of-adventure': [90, 270],
  'epic-universe': [140, 300],
};
const UOR_DAYS_FACTOR: Readonly<Record<number, number>> = { 2: 2.05, 3: 2.7, 4: 2.95, 5: 3.1 };

const USH_TIERS = 6;

const PARK_NAMES: Readonly<Record<string, string>> = {
  'magic-kingdom': 'Magic Kingdom Park',
  epcot: 'EPCOT',
  'hollywood-studios': "Disney's Hollywood Studios",
  'animal-kingdom': "Disney's Animal Kingdom Theme Park",
  disneyland: 'Disneyland Park',
  'california-adventure': 'Disney California Adventure Park',
  'universal-studios-florida': 'Universal Studios Florida',
  'islands-of-adventure': "Universal's Islands of Adventure",
  'epic-universe': 'Universal Epic Universe',
  'universal-studios-hollywood': 'Universal Studios Hollywood',
};

const round = (amount: number): number => Math.round((amount + 1) / 5) * 5 - 1;

function offer(
  ticket_id: string,
  name: string,
  category: TicketOffer['category'],
  days: number,
  park_keys: readonly string[],
  amount: number,
  price_tier: number | null,
): TicketOffer {
  return { ticket_id, name, category, days, park_keys, price: usd(amount), price_tier };
}

function specialEvents(resort: Resort, dayNumber: number): TicketOffer[] {
  const offers: TicketOffer[] = [];
  for (const park of resort.parks) {
    const night = eventNightOf(park.key, dayNumber);
    if (!night) continue;
    offers.push(
      offer(night.series.id, night.series.name, 'special_event', 1, [park.key], night.lowestAdultPrice, null),
    );
  }
  return offers;
}

/** A park's 1-day ticket as its park-products row, always on sale. */
function oneDayProduct(parkKey: string, amount: number, name = '1-Day, 1-Park Ticket'): ParkProduct {
  return { park_key: parkKey, product: 'one_day', name, price: usd(amount), available: true };
}

/** One length of stay: the multi-day ticket and its park-hopper (or park-to-park) upgrade. */
interface MultiDayPair {
  readonly ticket: { readonly id: string; readonly name: string; readonly amount: number };
  readonly hopper: { readonly id: string; readonly name: string; readonly amount: number };
}

/** The multi-day tickets from 2 days to `maxDays`, each followed by its hopper upgrade. */
function multiDayTickets(
  maxDays: number,
  parkKeys: readonly string[],
  tier: number,
  pairFor: (days: number) => MultiDayPair,
): TicketOffer[] {
  const tickets: TicketOffer[] = [];
  for (let days = 2; days <= maxDays; days++) {
    const { ticket, hopper } = pairFor(days);
    tickets.push(
      offer(ticket.id, ticket.name, 'multi_day', days, parkKeys, ticket.amount, tier),
      offer(hopper.id, hopper.name, 'park_hopper', days, parkKeys, hopper.amount, tier),
    );
  }
  return tickets;
}

function waltDisneyWorld(
  resort: Resort,
  demand: number,
): { tickets: TicketOffer[]; products: ParkProduct[] } {
  const tier = priceTier(demand, WDW_TIERS);
  const parkKeys = resort.parks.map((p) => p.key);
  const products: ParkProduct[] = [];
  const tickets: TicketOffer[] = [];
  for (const key of parkKeys) {
    const band = WDW_ONE_DAY[key] ?? [119, 189];
    const amount = tierPrice(band, tier, WDW_TIERS);
    tickets.push(
      offer(`wdw-1-day-${key}`, `1-Day Ticket: ${PARK_NAMES[key] ?? key}`, 'base', 1, [key], amount, tier),
    );
    products.push(oneDayProduct(key, amount));
  }
  const base = tierPrice([124, 189], tier, WDW_TIERS);
  const hopperAddOn = tierPrice([65, 95], tier, WDW_TIERS);
  tickets.push(
    offer(
      'wdw-1-day-park-hopper',
      '1-Day Park Hopper Ticket',
      'park_hopper',
      1,
      parkKeys,
      base + hopperAddOn,
      tier,
    ),
  );
  tickets.push(
    ...multiDayTickets(10, parkKeys, tier, (days) => {
      const total = round(base * (WDW_DAYS_FACTOR[days] ?? days));
      const addOn = days <= 3 ? hopperAddOn + 20 : hopperAddOn + 30;
      return {
        ticket: { id: `wdw-${days}-day`, name: `${days}-Day Ticket`, amount: total },
        hopper: {
          id: `wdw-${days}-day-park-hopper`,
          name: `${days}-Day Park Hopper Ticket`,
          amount: total + addOn,
        },
      };
    }),
  );
  return { tickets, products };
}

function disneylandResort(
  resort: Resort,
  demand: number,
): { tickets: TicketOffer[]; products: ParkProduct[] } {
  const tier = priceTier(demand, DLR_TIERS.length);
  const amount = DLR_TIERS[tier - 1] ?? DLR_TIERS[0];
  const parkKeys = resort.parks.map((p) => p.key);
  const hopperAddOn = tier <= 2 ? 65 : tier <= 5 ? 70 : 75;
  const tickets: TicketOffer[] = [
    offer('dlr-1-day-1-park', '1-Day, 1-Park Ticket', 'base', 1, parkKeys, amount, tier),
    offer(
      'dlr-1-day-park-hopper',
      '1-Day Park Hopper Ticket',
      'park_hopper',
      1,
      parkKeys,
      amount + hopperAddOn,
      tier,
    ),
  ];
  const multiDayBase = 0.85 * amount + 0.15 * 154;
  tickets.push(
    ...multiDayTickets(5, parkKeys, tier, (days) => {
      const total = round(multiDayBase * (DLR_DAYS_FACTOR[days] ?? days));
      return {
        ticket: { id: `dlr-${days}-day-1-park`, name: `${days}-Day, 1-Park Per Day Ticket`, amount: total },
        hopper: {
          id: `dlr-${days}-day-park-hopper`,
          name: `${days}-Day Park Hopper Ticket`,
          amount: total + 75,
        },
      };
    }),
  );
  const products = parkKeys.map((key) => oneDayProduct(key, amount));
  return { tickets, products };
}

/** Express sells out on the busiest dates, Express Unlimited (fewer made) a little sooner. */
function expressProducts(
  key: string,
  band: Band,
  tier: number,
  tiers: number,
  demand: number,
): ParkProduct[] {
  const amount = tierPrice(band, tier, tiers);
  return [
    {
      park_key: key,
      product: 'express',
      name: 'Universal Express Pass',
      price: usd(amount),
      available: demand < 1.5,
    },
    {
      park_key: key,
      product: 'express_unlimited',
      name: 'Universal Express Unlimited',
      price: usd(round(amount * 1.35)),
      available: demand < 1.42,
    },
  ];
}

function universalOrlando(
  resort: Resort,
  demand: number,
): { tickets: TicketOffer[]; products: ParkProduct[] } {
  const tier = priceTier(demand, UOR_TIERS);
  const parkKeys = resort.parks.map((p) => p.key);
  const tickets: TicketOffer[] = [];
  const products: ParkProduct[] = [];
  for (const key of parkKeys) {
    const amount = tierPrice(UOR_ONE_DAY[key] ?? [119, 199], tier, UOR_TIERS);
    tickets.push(
      offer(
        `uor-1-day-${key}`,
        `1-Day, 1-Park Ticket: ${PARK_NAMES[key] ?? key}`,
        'base',
        1,
        [key],
        amount,
        tier,
      ),
    );
    products.push(oneDayProduct(key, amount));
    products.push(...expressProducts(key, UOR_EXPRESS[key] ?? [90, 280], tier, UOR_TIERS, demand));
  }
  const base = tierPrice([119, 199], tier, UOR_TIERS);
  const classicParks = parkKeys.filter((key) => key !== 'epic-universe');
  tickets.push(
    offer(
      'uor-1-day-park-to-park',
      '1-Day, 2-Park Park-to-Park Ticket',
      'park_hopper',
      1,
      classicParks,
      base + 60,
      tier,
    ),
  );
  tickets.push(
    ...multiDayTickets(5, parkKeys, tier, (days) => {
      const total = round(base * (UOR_DAYS_FACTOR[days] ?? days) + 60);
      return {
        ticket: { id: `uor-${days}-day-3-park`, name: `${days}-Day, 3-Park Ticket`, amount: total },
        hopper: {
          id: `uor-${days}-day-3-park-to-park`,
          name: `${days}-Day, 3-Park Park-to-Park Ticket`,
          amount: total + 70 + 5 * days,
        },
      };
    }),
  );
  return { tickets, products };
}

function universalHollywood(
  resort: Resort,
  demand: number,
): { tickets: TicketOffer[]; products: ParkProduct[] } {
  const tier = priceTier(demand, USH_TIERS);
  const key = resort.parks[0]?.key ?? 'universal-studios-hollywood';
  const amount = tierPrice([119, 189], tier, USH_TIERS);
  const express = tierPrice([199, 299], tier, USH_TIERS);
  const tickets: TicketOffer[] = [
    offer('ush-1-day-general-admission', '1-Day General Admission', 'base', 1, [key], amount, tier),
    offer(
      'ush-2-day-general-admission',
      '2-Day General Admission',
      'multi_day',
      2,
      [key],
      round(amount * 1.25),
      tier,
    ),
    offer(
      'ush-1-day-universal-express',
      '1-Day Universal Express (admission included)',
      'base',
      1,
      [key],
      express,
      tier,
    ),
  ];
  const products: ParkProduct[] = [
    oneDayProduct(key, amount, '1-Day General Admission'),
    {
      park_key: key,
      product: 'express',
      name: 'Universal Express',
      price: usd(express),
      available: demand < 1.5,
    },
  ];
  return { tickets, products };
}

const BY_RESORT: Readonly<Record<string, typeof waltDisneyWorld>> = {
  'walt-disney-world': waltDisneyWorld,
  'disneyland-resort': disneylandResort,
  'universal-orlando': universalOrlando,
  'universal-hollywood': universalHollywood,
};

/** The resort's price list for a start date. Prices are published a year ahead and do not move. */
export function simulateTickets(resort: Resort, date: string): TicketPriceList {
  const dayNumber = dayNumberOf(date);
  const demand = dateDemand(regionOf(resort), dayNumber);
  const build = BY_RESORT[resort.key] ?? universalHollywood;
  const { tickets, products } = build(resort, demand);
  return {
    resort_key: resort.key,
    date,
    currency: 'USD',
    tickets: [...tickets, ...specialEvents(resort, dayNumber)],
    park_products: products,
  };
}
