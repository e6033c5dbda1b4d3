import { describe, expect, it } from 'vitest';
import { instantOfLocal } from './local-time.js';
import { catalog, must, park, sim } from './test-fixtures.js';

const MINUTE = 60_000;
const DISNEY = [
  'magic-kingdom',
  'epcot',
  'hollywood-studios',
  'animal-kingdom',
  'disneyland',
  'california-adventure',
];
const UNIVERSAL = [
  'universal-studios-florida',
  'islands-of-adventure',
  'epic-universe',
  'universal-studios-hollywood',
];

describe('return windows', () => {
  it('give Disney lane rides hour-long windows on 5-minute marks, starting later through the day', () => {
    const mk = park('magic-kingdom');
    const windowOf = (time: string) =>
      sim
        .simulateLiveQueues(mk, instantOfLocal(mk.time_zone, '2026-11-10', time))
        .entries.find((e) => e.ride_id === 'magic-kingdom_haunted-mansion')
        ?.return_windows.find((w) => w.type === 'multi_pass');
    const morning = must(windowOf('10:00'));
    const afternoon = must(windowOf('15:00'));
    expect(morning.state).toBe('AVAILABLE');
    expect(must(morning.end) - must(morning.start)).toBe(60 * MINUTE);
    expect(must(morning.start) % (5 * MINUTE)).toBe(0);
    expect(morning.price).toBeNull();
    expect(must(afternoon.start)).toBeGreaterThan(must(morning.start));
  });

  it('sell popular Multi Pass rides out late on busy days', () => {
    const mk = park('magic-kingdom');
    const reading = sim.simulateLiveQueues(mk, instantOfLocal(mk.time_zone, '2026-12-28', '17:00'));
    const finished = reading.entries.filter((e) =>
      e.return_windows.some((w) => w.type === 'multi_pass' && w.state === 'FINISHED'),
    );
    expect(finished.map((e) => e.ride_id)).toContain('magic-kingdom_peter-pans-flight');
    for (const e of finished) {
      const w = must(e.return_windows.find((x) => x.type === 'multi_pass'));
      expect(w.start).toBeNull();
      expect(w.end).toBeNull();
    }
    const morning = sim.simulateLiveQueues(mk, instantOfLocal(mk.time_zone, '2026-12-28', '08:05'));
    expect(morning.entries.some((e) => e.return_windows.some((w) => w.state === 'FINISHED'))).toBe(false);
  });

  it('price Single Pass windows and give rides with both lanes both windows, multi pass first', () => {
    for (const key of DISNEY) {
      const p = park(key);
      const reading = sim.simulateLiveQueues(p, instantOfLocal(p.time_zone, '2026-11-10', '11:00'));
      for (const e of reading.entries) {
        const lanes = must(p.attractions.find((a) => a.id === e.ride_id)).priority_lane;
        if (e.status === 'OPERATING')
          expect(e.return_windows.map((w) => w.type).sort()).toEqual([...lanes].sort());
        const first = e.return_windows[0];
        if (first) expect(first.type).toBe(lanes.includes('multi_pass') ? 'multi_pass' : 'single_pass');
        for (const w of e.return_windows.filter((x) => x.type === 'single_pass')) {
          expect(w.price?.currency).toBe('USD');
          expect(must(w.price).amount).toBeGreaterThanOrEqual(12);
          expect(must(w.price).amount).toBeLessThanOrEqual(25);
        }
      }
    }
  });

  it('give Universal rides no return windows (Express is a separate line)', () => {
    for (const key of UNIVERSAL) {
      const p = park(key);
      const reading = sim.simulateLiveQueues(p, instantOfLocal(p.time_zone, '2026-11-21', '13:00'));
      for (const e of reading.entries) expect(e.return_windows).toEqual([]);
    }
  });
});

describe('priority prices', () => {
  const inRange = (value: number, min: number, max: number) => {
    expect(value).toBeGreaterThanOrEqual(min);
    expect(value).toBeLessThanOrEqual(max);
  };

  it('quote Disney and Universal products in plausible USD ranges', () => {
    for (const date of ['2026-09-15', '2026-11-21', '2026-12-28']) {
      for (const p of catalog.parks) {
        const at = instantOfLocal(p.time_zone, '2026-09-14', '10:00');
        const prices = sim.simulatePriorityPrices(p, date, at);
        const byProduct = (product: string) => prices.filter((x) => x.product === product);
        for (const x of prices) {
          expect(x.price.currency).toBe('USD');
          expect(Number.isInteger(x.price.amount)).toBe(true);
          expect(x.updated_at).toBeLessThanOrEqual(at);
          expect(x.updated_at).toBeGreaterThan(at - 10 * MINUTE);
          expect(x.product_name.length).toBeGreaterThan(0);
        }
        if (DISNEY.includes(p.key)) {
          inRange(must(byProduct('multi_pass')[0]).price.amount, 15, 39);
          // Walt Disney World prices Premier Pass in bands of ~$159-449 by park and date.
          const premier = must(byProduct('premier_pass')[0]).price.amount;
          if (p.resort_key === 'disneyland-resort') inRange(premier, 300, 400);
          else inRange(premier, 159, 449);
          const singles = byProduct('single_pass');
          expect(singles.map((x) => x.ride_id).sort()).toEqual(
            p.attractions
              .filter((a) => a.priority_lane.includes('single_pass'))
              .map((a) => a.id)
              .sort(),
          );
          for (const s of singles) inRange(s.price.amount, 12, 25);
          expect(byProduct('express')).toEqual([]);
        } else {
          const express = must(byProduct('express')[0]).price.amount;
          inRange(express, 90, 300);
          expect(must(byProduct('express_unlimited')[0]).price.amount).toBeGreaterThan(express);
          expect(byProduct('multi_pass')).toEqual([]);
        }
      }
    }
  });

  it('charge more on peak dates and sell out premium products there', () => {
    const mk = park('magic-kingdom');
    const at = instantOfLocal(mk.time_zone, '2026-09-14', '10:00');
    const price = (date: string, product: string) =>
      must(sim.simulatePriorityPrices(mk, date, at).find((x) => x.product === product));
    expect(price('2026-12-28', 'multi_pass').price.amount).toBeGreaterThan(
      price('2026-09-15', 'multi_pass').price.amount,
    );
    expect(price('2026-12-28', 'premier_pass').available).toBe(false);
    expect(price('2026-09-15', 'premier_pass').available).toBe(true);
    const usf = park('universal-studios-florida');
    const express = (date: string) =>
      must(sim.simulatePriorityPrices(usf, date, at).find((x) => x.product === 'express')).price.amount;
    expect(express('2026-12-30')).toBeGreaterThan(express('2026-09-16'));
  });

  it('sell the Disneyland Resort Multi Pass as one resort-wide product from about $34', () => {
    const dl = park('disneyland');
    const dca = park('california-adventure');
    const at = instantOfLocal(dl.time_zone, '2026-09-14', '10:00');
    for (const date of ['2026-09-15', '2026-10-10', '2026-11-21', '2026-12-28']) {
      const multi = (p: typeof dl) =>
        must(sim.simulatePriorityPrices(p, date, at).find((x) => x.product === 'multi_pass'));
      expect(multi(dca).price).toEqual(multi(dl).price);
      expect(multi(dca).product_name).toBe(multi(dl).product_name);
      inRange(multi(dl).price.amount, 34, 39);
    }
  });

  it('mark dates that are over as unavailable', () => {
    const mk = park('magic-kingdom');
    const at = instantOfLocal(mk.time_zone, '2026-11-21', '12:00');
    expect(sim.simulatePriorityPrices(mk, '2026-11-20', at).every((x) => !x.available)).toBe(true);
    expect(
      must(sim.simulatePriorityPrices(mk, '2026-11-21', at).find((x) => x.product === 'multi_pass'))
        .available,
    ).toBe(true);
  });
});
