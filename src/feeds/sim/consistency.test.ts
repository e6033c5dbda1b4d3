import { describe, expect, it } from 'vitest';
import { dateStringOf, dayNumberOf } from './local-time.js';
import { catalog, must, park, sim } from './test-fixtures.js';

const MINUTE = 60_000;

describe('simulated statuses agree with the published schedule and the catalog', () => {
  it('run no ride outside the published windows, party nights included', () => {
    const mk = park('magic-kingdom');
    let partyNights = 0;
    for (let d = dayNumberOf('2026-09-01'); d < dayNumberOf('2026-12-20'); d += 3) {
      const date = dateStringOf(d);
      const day = sim.simulateParkDay(mk, date);
      const windows = day.schedule.windows;
      if (day.schedule.event) partyNights++;
      const inWindow = (t: number) => windows.some((w) => w.opens_at <= t && t < w.closes_at);
      for (let t = day.schedule.dayStart; t < day.schedule.dayEnd; t += 10 * MINUTE) {
        for (const e of sim.simulateLiveQueues(mk, t).entries) {
          if (e.type === 'ride' && e.status === 'OPERATING')
            expect(inWindow(t), `${e.ride_id} ${date}`).toBe(true);
        }
      }
    }
    expect(partyNights).toBeGreaterThan(10);
  });

  it('post single-rider waits only where the catalog has a single-rider line, and no waits for shows and walk-throughs', () => {
    for (const p of catalog.parks) {
      const byId = new Map(p.attractions.map((a) => [a.id, a]));
      for (const date of ['2026-07-14', '2026-11-21', '2026-12-28']) {
        const day = sim.simulateParkDay(p, date);
        const op = must(day.schedule.windows[0]);
        for (let t = op.opens_at; t < op.closes_at; t += 30 * MINUTE) {
          for (const e of sim.simulateLiveQueues(p, t).entries) {
            const a = must(byId.get(e.ride_id));
            if (!a.single_rider) expect(e.single_rider_wait_minutes, e.ride_id).toBeNull();
            if (a.type === 'show') expect(e.standby_wait_minutes, e.ride_id).toBeNull();
            if (a.type === 'experience' && a.priority_lane.length === 0 && !/ollivanders/.test(a.slug)) {
              expect(e.standby_wait_minutes, e.ride_id).toBeNull();
            }
          }
        }
      }
    }
    const walkThrough = (key: string, slug: string) => {
      const p = park(key);
      const at = must(sim.simulateParkDay(p, '2026-11-21').schedule.windows[0]).opens_at + 180 * MINUTE;
      return sim.simulateLiveQueues(p, at).entries.find((e) => e.ride_id === `${key}_${slug}`);
    };
    for (const [key, slug] of [
      ['disneyland', 'adventureland-treehouse'],
      ['disneyland', 'sleeping-beauty-castle-walkthrough'],
    ] as const) {
      const entry = walkThrough(key, slug);
      expect(entry?.status, slug).toBe('OPERATING');
      expect(entry?.standby_wait_minutes, slug).toBeNull();
    }
  });

  it('close rides for weeks for off-season refurbishments, as REFURBISHMENT', () => {
    const refurbished = new Set<string>();
    for (const p of catalog.parks) {
      for (let d = dayNumberOf('2026-01-06'); d < dayNumberOf('2026-03-01'); d += 7) {
        const at = must(sim.simulateParkDay(p, dateStringOf(d)).schedule.windows[0]).opens_at + 60 * MINUTE;
        for (const e of sim.simulateLiveQueues(p, at).entries) {
          if (e.status === 'REFURBISHMENT') refurbished.add(e.ride_id);
        }
      }
    }
    expect(refurbished.size).toBeGreaterThan(0);
  });
});
