import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLands, parseParkGroups } from './discovery.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../shared/fixtures/${name}`, import.meta.url), 'utf8'));

describe('Queue-Times discovery', () => {
  it('reads groups as resorts and parks with time zone, country and location from /parks.json', () => {
    const listing = parseParkGroups(fixture('queuetimes-parks.json'));
    const disney = listing.resorts.find((resort) => resort.feed_id === '2');
    expect(disney?.name).toBe('Walt Disney Attractions');
    expect(disney?.parks.map((park) => park.feed_id)).toContain('6');
    expect(listing.parks.get('6')).toEqual({
      feed_id: '6',
      name: 'Disney Magic Kingdom',
      resort_feed_id: '2',
      time_zone: 'America/New_York',
      location: { latitude: 28.417663, longitude: -81.581212 },
      country: 'United States',
    });
  });

  it('reads rides in their lands and folds single-rider rows away', () => {
    const rides = parseLands(fixture('queuetimes-queue_times.json'));
    const mario = rides.filter((ride) => ride.name.startsWith('Mario Kart'));
    expect(mario).toEqual([
      {
        feed_id: '14683',
        name: "Mario Kart: Bowser's Challenge",
        type: 'ride',
        land: 'SUPER NINTENDO WORLD',
      },
    ]);
    expect(rides.find((ride) => ride.name === 'Curse of the Werewolf')?.land).toBe('Dark Universe');
  });

  it('refuses a listing that is not a list of groups', () => {
    expect(() => parseParkGroups({})).toThrow(/list of groups/);
    expect(() => parseLands(null)).toThrow(/not an object/);
  });
});
