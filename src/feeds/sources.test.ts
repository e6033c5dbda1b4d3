import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import type { Park } from '../catalog/types.js';
import { describeSources, familySources, priorityFeedLabel } from './sources.js';

const catalog = Catalog.load();
const park = (key: string) => catalog.park(key) as Park;

describe('data sources', () => {
  it('says every family is simulated under the simulator', () => {
    expect(familySources('sim', 'sim').every((f) => f.simulated)).toBe(true);
    expect(describeSources('sim', 'sim')).not.toMatch(/ThemeParks|Queue-Times/);
  });

  it('names ThemeParks.wiki for queues, showtimes, hours and prices, and the fold of Universal delays', () => {
    const sources = familySources('themeparks-wiki', 'nws');
    expect(sources.filter((f) => f.source === 'themeparks-wiki')).toHaveLength(5);
    expect(describeSources('themeparks-wiki', 'nws')).toMatch(/operator_forecast\): from ThemeParks\.wiki/);
    expect(sources.find((f) => f.family === 'weather')?.source).toBe('nws');
    const text = describeSources('themeparks-wiki', 'sim');
    expect(text).toMatch(/live queues.*from ThemeParks\.wiki/);
    expect(text).toMatch(/weather: simulated/);
    expect(text).toMatch(/delays as DOWN/);
    expect(priorityFeedLabel('themeparks-wiki', park('universal-studios-florida'))).toMatch(
      /delays reported as DOWN/,
    );
    expect(priorityFeedLabel('themeparks-wiki', park('magic-kingdom'))).toBe('themeparks-wiki');
    expect(priorityFeedLabel('sim', park('magic-kingdom'))).toBe('sim');
  });

  it("carries Queue-Times' attribution requirement and keeps the rest simulated", () => {
    const text = describeSources('queue-times', 'sim');
    expect(text).toMatch(/Powered by Queue-Times\.com \(https:\/\/queue-times\.com\/\)/);
    expect(text).toMatch(/showtimes: simulated/);
    expect(text).toMatch(/operator_forecast\): none \(empty\)/);
    expect(priorityFeedLabel('queue-times', park('epic-universe'))).toBe('sim');
  });

  it('says what a park beyond the ten gets: no stand-ins, hours unknown without a schedule', () => {
    expect(describeSources('queue-times', 'sim')).toMatch(
      /beyond the spec's ten .*never simulated numbers\. Queue-Times\.com .* publishes no schedules, so their hours are unknown/,
    );
    expect(describeSources('themeparks-wiki', 'sim')).toMatch(
      /A park it has no schedule for has unknown hours/,
    );
    expect(describeSources('sim', 'sim')).not.toMatch(/beyond the spec's ten/);
  });
});
