import { describe, expect, it } from 'vitest';
import { Catalog } from '../../catalog/catalog.js';
import { createSimulatedFeeds } from './index.js';

const catalog = Catalog.load();
const feeds = createSimulatedFeeds(catalog);
const park = (key: string) => {
  const found = catalog.parks.find((p) => p.key === key);
  if (!found) throw new Error(`no park ${key}`);
  return found;
};
// 10:00 in Orlando.
const AT = Date.parse('2026-11-21T15:00:00Z');

describe('the simulated operator forecast', () => {
  it("publishes today's hourly forecast for the Disney parks' rides, rounded to 5 minutes", async () => {
    const forecast = await feeds.operatorForecast.readOperatorForecast(
      park('magic-kingdom'),
      '2026-11-21',
      AT,
    );
    expect(forecast.length).toBeGreaterThan(50);
    expect(forecast.every((hour) => hour.wait_minutes % 5 === 0 && hour.wait_minutes >= 5)).toBe(true);
    expect(forecast.every((hour) => hour.ride_id.startsWith('magic-kingdom_'))).toBe(true);
    // Deterministic: the same instant gives the same forecast.
    expect(
      await feeds.operatorForecast.readOperatorForecast(park('magic-kingdom'), '2026-11-21', AT),
    ).toEqual(forecast);
  });

  it('publishes nothing for a later day, nor at Universal', async () => {
    expect(
      await feeds.operatorForecast.readOperatorForecast(park('magic-kingdom'), '2026-11-22', AT),
    ).toEqual([]);
    const universal = catalog.parks.find((p) => p.resort_key === 'universal-orlando');
    if (!universal) throw new Error('no Universal park');
    expect(await feeds.operatorForecast.readOperatorForecast(universal, '2026-11-21', AT)).toEqual([]);
  });
});
