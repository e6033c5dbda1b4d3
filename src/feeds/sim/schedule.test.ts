import { describe, expect, it } from 'vitest';
import type { ParkDaySchedule } from '../types.js';
import { holidaysOf, seasonalFactor } from './calendar.js';
import { dateStringOf, dayNumberOf, dayNumberFromParts, instantOfLocal } from './local-time.js';
import { catalog, must, park, sim } from './test-fixtures.js';

const HOUR = 3_600_000;

const dates = (first: string, last: string) => {
  const out: string[] = [];
  for (let d = dayNumberOf(first); d <= dayNumberOf(last); d++) out.push(dateStringOf(d));
  return out;
};
const formats = new Map<string, Intl.DateTimeFormat>();
const localHour = (zone: string, at: number) => {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' });
    formats.set(zone, format);
  }
  return Number(format.format(at));
};
const window = (s: ParkDaySchedule, type: string) => s.windows.find((w) => w.type === type);

describe('park schedules', () => {
  it('open every park every day with the OPERATING window first and realistic hours', () => {
    const bands: Record<string, [number[], number[]]> = {
      'magic-kingdom': [
        [8, 9],
        [18, 21, 22, 23, 0],
      ],
      epcot: [[9], [21, 22, 1]],
      'hollywood-studios': [
        [8, 9],
        [19, 21, 22],
      ],
      'animal-kingdom': [[8], [19, 20, 21]],
      disneyland: [[8], [20, 22, 23, 0]],
      'california-adventure': [[8], [18, 21, 22, 23]],
      'universal-studios-florida': [[9], [17, 21, 22]],
      'islands-of-adventure': [[9], [21, 22]],
      'epic-universe': [
        [8, 9],
        [21, 22],
      ],
      'universal-studios-hollywood': [[9], [18, 20, 21, 22]],
    };
    for (const p of catalog.parks) {
      const [opens, closes] = must(bands[p.key]);
      for (const date of dates('2026-09-28', '2027-01-10').filter((_, i) => i % 2 === 0)) {
        const s = sim.simulateSchedule(p, date);
        expect(s.park_id).toBe(p.id);
        expect(s.date).toBe(date);
        const operating = must(s.windows[0]);
        expect(operating.type).toBe('OPERATING');
        expect(opens).toContain(localHour(p.time_zone, operating.opens_at));
        expect(closes, `${p.key} ${date}`).toContain(localHour(p.time_zone, operating.closes_at));
        for (const w of s.windows) expect(w.closes_at).toBeGreaterThan(w.opens_at);
      }
    }
  });

  it('give WDW resort guests 30 minutes of early entry and Universal Orlando hotel guests an hour', () => {
    for (const key of ['magic-kingdom', 'epcot', 'hollywood-studios', 'animal-kingdom']) {
      const s = sim.simulateSchedule(park(key), '2026-11-21');
      expect(must(s.windows[0]).opens_at - must(window(s, 'EARLY_ENTRY')).opens_at).toBe(0.5 * HOUR);
    }
    for (const key of ['universal-studios-florida', 'islands-of-adventure', 'epic-universe']) {
      const s = sim.simulateSchedule(park(key), '2026-11-21');
      expect(must(s.windows[0]).opens_at - must(window(s, 'EARLY_ENTRY')).opens_at).toBe(HOUR);
    }
    expect(window(sim.simulateSchedule(park('disneyland'), '2026-11-21'), 'EARLY_ENTRY')).toBeUndefined();
  });

  it("hold Mickey's Very Merry Christmas Party on select Nov/Dec nights, closing early for day guests", () => {
    const mk = park('magic-kingdom');
    const nights = dates('2026-11-01', '2026-12-31').filter((d) =>
      window(sim.simulateSchedule(mk, d), 'TICKETED_EVENT'),
    );
    expect(nights.length).toBeGreaterThanOrEqual(15);
    expect(nights.length).toBeLessThanOrEqual(28);
    expect(nights.every((d) => d >= '2026-11-06' && d <= '2026-12-19')).toBe(true);
    expect(nights).not.toContain('2026-11-26');
    const party = sim.simulateSchedule(mk, must(nights[0]));
    expect(must(window(party, 'TICKETED_EVENT')).description).toMatch(/Christmas Party/);
    expect(localHour(mk.time_zone, must(party.windows[0]).closes_at)).toBe(18);
    expect(localHour(mk.time_zone, must(window(party, 'TICKETED_EVENT')).opens_at)).toBe(19);
  });

  it('run Halloween Horror Nights at USF (into early November) and Oogie Boogie Bash at DCA only in September and October', () => {
    const count = (key: string, first: string, last: string) =>
      dates(first, last).filter((d) => window(sim.simulateSchedule(park(key), d), 'TICKETED_EVENT')).length;
    expect(count('universal-studios-florida', '2026-09-01', '2026-10-31')).toBeGreaterThan(30);
    expect(count('universal-studios-florida', '2026-11-03', '2027-08-31')).toBe(0);
    expect(count('universal-studios-hollywood', '2026-09-01', '2026-10-31')).toBeGreaterThan(30);
    expect(count('california-adventure', '2026-09-01', '2026-10-31')).toBeGreaterThan(15);
    expect(count('california-adventure', '2026-11-01', '2027-08-31')).toBe(0);
    const hhn = sim.simulateSchedule(park('universal-studios-florida'), '2026-10-23');
    expect(must(window(hhn, 'TICKETED_EVENT')).description).toBe('Halloween Horror Nights');
    expect(localHour('America/New_York', must(hhn.windows[0]).closes_at)).toBe(17);
  });

  it('offer some extended evenings at Walt Disney World', () => {
    const wdw = ['magic-kingdom', 'epcot', 'hollywood-studios'].map(park);
    const evenings = dates('2026-10-01', '2026-10-31').flatMap((d) =>
      wdw.filter((p) => window(sim.simulateSchedule(p, d), 'EXTENDED_EVENING')),
    );
    expect(evenings.length).toBeGreaterThan(3);
  });

  it('use the park time zone across the DST change', () => {
    const mk = park('magic-kingdom');
    expect(must(sim.simulateSchedule(mk, '2026-10-31').windows[0]).opens_at).toBe(
      Date.parse('2026-10-31T13:00:00Z'),
    );
    expect(must(sim.simulateSchedule(mk, '2026-11-01').windows[0]).opens_at).toBe(
      Date.parse('2026-11-01T14:00:00Z'),
    );
    expect(instantOfLocal('America/Los_Angeles', '2026-11-21', '08:00')).toBe(
      Date.parse('2026-11-21T16:00:00Z'),
    );
  });

  it('reject malformed dates', () => {
    expect(() => sim.simulateSchedule(park('epcot'), '2026-13-01')).toThrow(RangeError);
    expect(() => sim.simulateSchedule(park('epcot'), 'tomorrow')).toThrow(RangeError);
  });
});

describe('crowd calendar', () => {
  it('knows the holidays', () => {
    expect(dateStringOf(holidaysOf(2026).thanksgiving)).toBe('2026-11-26');
    expect(dateStringOf(holidaysOf(2027).easter)).toBe('2027-03-28');
    expect(dateStringOf(holidaysOf(2026).labor)).toBe('2026-09-07');
    expect(dateStringOf(holidaysOf(2027).memorial)).toBe('2027-05-31');
  });

  it('ranks the seasons as the crowd calendars do', () => {
    const f = (y: number, m: number, d: number) => seasonalFactor('florida', dayNumberFromParts(y, m, d));
    expect(f(2026, 12, 28)).toBeGreaterThan(f(2026, 11, 27));
    expect(f(2026, 11, 27)).toBeGreaterThan(f(2026, 12, 3));
    expect(f(2026, 12, 3)).toBeGreaterThan(f(2026, 9, 15));
    expect(f(2027, 7, 14)).toBeGreaterThan(f(2027, 1, 20));
    expect(f(2027, 3, 20)).toBeGreaterThan(f(2027, 2, 3));
  });
});
