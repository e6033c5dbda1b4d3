/**
 * The priority-lane price list of a park for a date, as of an instant (PriorityPriceFeed).
 * Disney: one Multi Pass price (at the Disneyland Resort one resort-wide product, the same at both
 * parks), one Single Pass price per Single Pass ride, one Premier Pass price;
 * Universal: Express and Express Unlimited. `available` is false for dates already over (past
 * dates, or today after the park's close) and when the product is sold out: Premier Pass and
 * Express on peak dates, a Single Pass once today's return windows are gone. The operator's
 * price check runs every 10 minutes at a park-specific phase; `updated_at` is the last one ≤ at.
 */
import type { PriorityPrice } from '../types.js';
import { dayNumberOf, parkDayNumberAt } from './local-time.js';
import type { ParkSimulation } from './park-days.js';
import {
  EXPRESS_SELLOUT_CROWD,
  EXPRESS_UNLIMITED_SELLOUT_CROWD,
  PREMIER_SELLOUT_CROWD,
  priceInBand,
  singlePassAmount,
} from './prices.js';

const MINUTE_MS = 60_000;
const CHECK_INTERVAL_MS = 10 * MINUTE_MS;

export function priceList(sim: ParkSimulation, date: string, at: number): PriorityPrice[] {
  const dayNumber = dayNumberOf(date);
  const today = parkDayNumberAt(sim.park.time_zone, at);
  const operating = sim.schedule(dayNumber).windows[0];
  const over =
    dayNumber < today || (dayNumber === today && operating !== undefined && at >= operating.closes_at);
  const crowd = sim.calendarCrowd(dayNumber);
  const phase = (sim.parkHash % 10) * MINUTE_MS;
  const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  const updated_at =
    minute - ((((minute - phase) % CHECK_INTERVAL_MS) + CHECK_INTERVAL_MS) % CHECK_INTERVAL_MS);
  const usd = (amount: number) => ({ amount, currency: 'USD' });
  const profile = sim.profile;

  if (profile.operator === 'universal') {
    const express = priceInBand(profile.expressPrice, crowd);
    return [
      {
        product: 'express',
        product_name: 'Universal Express Pass',
        price: usd(express),
        available: !over && crowd < EXPRESS_SELLOUT_CROWD,
        updated_at,
      },
      {
        product: 'express_unlimited',
        product_name: 'Universal Express Unlimited',
        price: usd(Math.round(express * 1.4)),
        available: !over && crowd < EXPRESS_UNLIMITED_SELLOUT_CROWD,
        updated_at,
      },
    ];
  }

  const resortWide = profile.resortWideMultiPass;
  const prices: PriorityPrice[] = [
    {
      product: 'multi_pass',
      product_name: resortWide
        ? `Lightning Lane Multi Pass (${sim.park.resort.name}, both parks)`
        : 'Lightning Lane Multi Pass',
      price: usd(
        priceInBand(profile.multiPassPrice, resortWide ? sim.resortCalendarCrowd(dayNumber) : crowd),
      ),
      available: !over,
      updated_at,
    },
  ];
  const todayDay = dayNumber === today && !over ? sim.day(dayNumber) : null;
  sim.attractions.forEach((ride, index) => {
    if (!ride.singlePass) return;
    const soldOutAt = todayDay?.timelines[index]?.singlePassSoldOutAt ?? null;
    prices.push({
      product: 'single_pass',
      product_name: `Lightning Lane Single Pass: ${ride.attraction.name}`,
      ride_id: ride.attraction.id,
      price: usd(singlePassAmount(ride, crowd)),
      available: !over && (soldOutAt === null || at < soldOutAt),
      updated_at,
    });
  });
  prices.push({
    product: 'premier_pass',
    product_name: 'Lightning Lane Premier Pass',
    price: usd(priceInBand(profile.premierPassPrice, crowd)),
    available: !over && crowd < PREMIER_SELLOUT_CROWD,
    updated_at,
  });
  return prices;
}
