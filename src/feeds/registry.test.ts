import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { ConfigError, loadConfig } from '../config/index.js';
import { ManualClock } from '../lib/clock.js';
import { LIVE_FAMILIES, type LiveFamilies } from './adapter.js';
import { UpstreamClient } from './http/upstream-client.js';
import { FEED_ADAPTERS, FEED_NAMES, createLiveFamilies, feedAdapter } from './registry.js';
import { createSimulatedFeeds } from './sim/index.js';
import { describeSources, familySources, sourceCredits } from './sources.js';

const catalog = Catalog.load();
const simulated = createSimulatedFeeds(catalog);

function create(feed: string) {
  const upstreams: { feed: string; label: string; baseUrl: string }[] = [];
  const config = loadConfig({ FEED: feed });
  const families = createLiveFamilies(feed, {
    config,
    catalog,
    clock: new ManualClock(0),
    simulated,
    upstream: (name, options) => {
      upstreams.push({ feed: name, ...options });
      return new UpstreamClient({ feed: name, ...options, userAgent: 'test', clock: new ManualClock(0) });
    },
  });
  return { families, upstreams };
}

describe('feed registry', () => {
  it('accepts exactly the declared names and rejects others with the list', () => {
    expect(FEED_NAMES).toEqual(['sim', 'themeparks-wiki', 'queue-times']);
    expect(() => feedAdapter('magic')).toThrow(ConfigError);
    expect(() => feedAdapter('magic')).toThrow(
      'FEED must be one of sim, themeparks-wiki, queue-times (got "magic")',
    );
    expect(() => create('magic')).toThrow(/FEED must be one of/);
  });

  describe.each(FEED_ADAPTERS.map((adapter) => [adapter.name, adapter] as const))('%s', (name, adapter) => {
    it('is what FEED selects: its own families, empty ones for what it lacks, simulated the rest', () => {
      const { families, upstreams } = create(name);
      for (const { family } of LIVE_FAMILIES) {
        const chosen = families[family];
        const fromSimulator = chosen === (simulated as LiveFamilies)[family];
        if (adapter.provides.includes(family)) {
          expect(fromSimulator, `${name} ${family}`).toBe(name === 'sim');
        } else {
          expect(fromSimulator, `${name} ${family}`).toBe(
            !(adapter.lacks as readonly string[]).includes(family),
          );
        }
      }
      // Real adapters read through a shared client named after the adapter.
      expect(upstreams.every((upstream) => upstream.feed === name)).toBe(true);
      expect(upstreams.length > 0).toBe(name !== 'sim');
    });

    it('drives the sources /v1 and the docs name, and the credits the site shows', () => {
      const sources = familySources(name, 'sim');
      for (const { family, words } of LIVE_FAMILIES) {
        const source = sources.find((s) => s.family === words)?.source;
        if (adapter.provides.includes(family)) expect(source).toBe(name);
        else if ((adapter.lacks as readonly string[]).includes(family)) expect(source).toBe('none');
        else expect(source).toBe('sim');
      }
      expect(sourceCredits(name)).toBe(adapter.credits);
      const text = describeSources(name, 'sim');
      if (adapter.notes !== undefined) expect(text.endsWith(adapter.notes)).toBe(true);
      for (const credit of adapter.credits) expect(text).toContain(credit.text);
    });
  });

  it('an empty stand-in answers no forecast hours', async () => {
    const { families } = create('queue-times');
    const park = catalog.parks[0];
    if (!park) throw new Error('no park');
    await expect(families.operatorForecast.readOperatorForecast(park, '2026-10-01', 0)).resolves.toEqual([]);
  });
});
