import { describe, expect, it } from 'vitest';
import { addDays } from '../../lib/time.js';
import { localInstant, dayNumberOf } from './local-time.js';
import { SimulatedWeather } from './weather-observations.js';
import { Simulator } from './simulator.js';
import { catalog, park, sim } from './test-fixtures.js';

const weather = new SimulatedWeather(sim);
const MINUTE = 60_000;

/** Mean temperature at a local hour over the days from `first`. */
function meanTemperature(key: string, first: string, days: number, hour: number): number {
  const p = park(key);
  let sum = 0;
  for (let i = 0; i < days; i++) {
    const at = localInstant(p.time_zone, dayNumberOf(addDays(first, i)), hour * 60);
    sum += weather.read(p, at).observation?.temperature_c ?? Number.NaN;
  }
  return sum / days;
}

describe('simulated weather', () => {
  it('follows the seasons and the hour: hot Florida summer afternoons, cool winter mornings', () => {
    expect(meanTemperature('epcot', '2026-07-01', 20, 15)).toBeGreaterThan(29);
    expect(meanTemperature('epcot', '2026-01-05', 20, 6)).toBeLessThan(14);
    expect(meanTemperature('epcot', '2026-01-05', 20, 15)).toBeGreaterThan(
      meanTemperature('epcot', '2026-01-05', 20, 6) + 6,
    );
    expect(meanTemperature('disneyland', '2026-08-01', 20, 15)).toBeGreaterThan(27);
    expect(meanTemperature('disneyland', '2026-12-01', 20, 6)).toBeLessThan(11);
  });

  it('reports a thunderstorm and a thunderstorm alert during each storm that closes outdoor rides', () => {
    const p = park('magic-kingdom');
    let storms = 0;
    for (let date = '2026-07-01'; date <= '2026-07-31'; date = addDays(date, 1)) {
      for (const storm of sim.simulateParkDay(p, date).storms) {
        storms += 1;
        const during = weather.read(p, storm.start + 5 * MINUTE);
        expect(during.observation?.thunderstorm).toBe(true);
        expect(
          during.alerts.some((a) => /Thunderstorm|thunderstorm/.test(`${a.event} ${a.headline ?? ''}`)),
        ).toBe(true);
        // The storm's own alert is gone an hour and a half after it passes.
        const after = weather.read(p, storm.end + 90 * MINUTE);
        expect(after.alerts.some((a) => a.id.endsWith(`.${storm.start}`))).toBe(false);
      }
    }
    expect(storms).toBeGreaterThan(10);
  });

  it('keeps California dry in summer', () => {
    const p = park('disneyland');
    let storms = 0;
    for (let date = '2026-06-01'; date <= '2026-07-31'; date = addDays(date, 1))
      storms += sim.simulateParkDay(p, date).storms.length;
    expect(storms).toBeLessThanOrEqual(1);
  });

  it('is a pure function of the seed and the instant', () => {
    const other = new SimulatedWeather(new Simulator(catalog));
    const p = park('universal-studios-florida');
    const at = Date.parse('2026-08-14T19:37:00Z');
    expect(other.read(p, at)).toEqual(weather.read(p, at));
    expect(weather.read(p, at).observation?.observed_at).toBe(Date.parse('2026-08-14T19:35:00Z'));
  });
});
