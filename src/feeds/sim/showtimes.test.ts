import { describe, expect, it } from 'vitest';
import type { Park } from '../../catalog/types.js';
import { localClockTime } from '../../lib/time.js';
import type { ParkDaySchedule, Showtime } from '../types.js';
import { eventNightOf } from './event-nights.js';
import { dateStringOf, dayNumberOf } from './local-time.js';
import { planShowtimes, simulateShowtimes } from './showtimes.js';
import { catalog, must, park, sim } from './test-fixtures.js';

const times = (p: Park, shows: readonly Showtime[], name: string) =>
  shows.filter((s) => s.name === name).map((s) => localClockTime(s.starts_at, p.time_zone));
const showsOn = (key: string, date: string) => {
  const p = park(key);
  const schedule = sim.simulateSchedule(p, date);
  return { p, schedule, shows: planShowtimes(p, schedule) };
};
const windowOf = (schedule: ParkDaySchedule, type: string) =>
  must(
    schedule.windows.find((w) => w.type === type),
    type,
  );

describe('simulated showtimes', () => {
  it("puts Magic Kingdom's parade at noon and three, and Happily Ever After an hour before close", () => {
    // Monday 2026-11-23: no party.
    const { p, schedule, shows } = showsOn('magic-kingdom', '2026-11-23');
    expect(times(p, shows, 'Festival of Fantasy Parade')).toEqual(['12:00', '15:00']);
    const close = windowOf(schedule, 'OPERATING').closes_at;
    expect(shows.filter((s) => s.name === 'Happily Ever After').map((s) => s.starts_at)).toEqual([
      close - 3_600_000,
    ]);
  });

  it('moves Magic Kingdom to the party on a party night: no Happily Ever After, the party parade inside the event', () => {
    const { p, schedule, shows } = showsOn('magic-kingdom', '2026-11-24');
    const party = windowOf(schedule, 'TICKETED_EVENT');
    expect(party.description).toBe("Mickey's Very Merry Christmas Party");
    expect(times(p, shows, 'Happily Ever After')).toEqual([]);
    expect(times(p, shows, "Mickey's Once Upon a Christmastime Parade")).toEqual(['20:30', '22:30']);
    const fireworks = must(shows.find((s) => s.name === "Minnie's Wonderful Christmastime Fireworks"));
    expect(fireworks.starts_at).toBeGreaterThanOrEqual(party.opens_at);
    expect(fireworks.ends_at).toBeLessThanOrEqual(party.closes_at);
  });

  it('schedules the real spectaculars: Fantasmic!, Luminous and CinéSational', () => {
    // A night without a ticketed event: Jollywood Nights take the stage from day guests.
    let dhsDay = dayNumberOf('2026-11-21');
    while (eventNightOf('hollywood-studios', dhsDay) !== null) dhsDay += 1;
    const dhs = showsOn('hollywood-studios', dateStringOf(dhsDay));
    expect(
      dhs.shows.some((s) => s.name === 'Fantasmic!' && s.show_id === 'hollywood-studios_fantasmic'),
    ).toBe(true);
    const epcot = showsOn('epcot', '2026-11-21');
    const luminous = must(epcot.shows.find((s) => s.name === 'Luminous The Symphony of Us'));
    expect(luminous.ends_at).toBe(windowOf(epcot.schedule, 'OPERATING').closes_at);
    // Saturday: CinéSational runs Thursday to Sunday.
    const usf = showsOn('universal-studios-florida', '2026-11-21');
    expect(usf.shows.find((s) => s.name === 'CinéSational: A Symphonic Spectacular')).toMatchObject({
      show_id: 'universal-studios-florida_cinesational-a-symphonic-spectacular',
      land: 'Hollywood',
      type: 'show',
    });
    expect(
      showsOn('universal-studios-florida', '2026-11-24').shows.some((s) => s.name.startsWith('CinéSational')),
    ).toBe(false);
  });

  it('gives a show the catalog adds later generic times inside the operating window', () => {
    const base = park('islands-of-adventure');
    const added: Park = {
      ...base,
      attractions: [
        ...base.attractions,
        {
          slug: 'new-stage-show',
          id: 'islands-of-adventure_new-stage-show',
          park_key: base.key,
          name: 'New Stage Show',
          land: 'Seuss Landing',
          type: 'show',
          priority_lane: [],
        },
        {
          slug: 'new-meet',
          id: 'islands-of-adventure_new-meet',
          park_key: base.key,
          name: 'New Meet',
          land: 'Marvel Super Hero Island',
          type: 'meet',
          priority_lane: [],
        },
      ],
    };
    const schedule = sim.simulateSchedule(added, '2026-11-21');
    const shows = planShowtimes(added, schedule);
    const operating = windowOf(schedule, 'OPERATING');
    const stage = shows.filter((s) => s.show_id === 'islands-of-adventure_new-stage-show');
    expect(stage.length).toBeGreaterThan(10);
    expect(shows.filter((s) => s.name === 'New Meet')).toHaveLength(1);
    for (const s of [...stage]) {
      expect(s.starts_at).toBeGreaterThanOrEqual(operating.opens_at);
      expect(s.ends_at).toBeLessThanOrEqual(operating.closes_at);
    }
  });

  it('keeps every time of every park inside a window of its date, earliest first, for a week of party and normal nights', () => {
    const first = dayNumberOf('2026-10-25');
    for (const p of catalog.parks) {
      for (let day = first; day < first + 7; day++) {
        const schedule = sim.simulateSchedule(p, dateStringOf(day));
        const shows = planShowtimes(p, schedule);
        expect(shows.length, `${p.key} ${schedule.date}`).toBeGreaterThan(0);
        for (const [i, s] of shows.entries()) {
          const inside = schedule.windows.some((w) => w.opens_at <= s.starts_at && s.ends_at <= w.closes_at);
          expect(inside, `${p.key} ${s.name} ${new Date(s.starts_at).toISOString()}`).toBe(true);
          expect(s.starts_at).toBeLessThan(s.ends_at);
          if (i > 0) expect(s.starts_at).toBeGreaterThanOrEqual(shows[i - 1]?.starts_at ?? 0);
        }
      }
    }
  });

  it('calls today published and a later date planned', () => {
    const p = park('epcot');
    const at = Date.parse('2026-11-22T03:00:00Z'); // 22:00 on 2026-11-21 in Orlando
    expect(simulateShowtimes(p, sim.simulateSchedule(p, '2026-11-21'), at).basis).toBe('published');
    expect(simulateShowtimes(p, sim.simulateSchedule(p, '2026-11-22'), at).basis).toBe('planned');
  });
});
