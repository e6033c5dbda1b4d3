import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { ManualClock } from '../lib/clock.js';
import { ApiError } from './errors.js';
import { Links } from './links.js';
import { parsePlanQuery, planQueryOf, planRequestKey } from './plan-query.js';

const catalog = Catalog.load();
const context = {
  catalog,
  links: new Links('https://queuecast.test', 'https://api.queuecast.test'),
  // Noon in Orlando on 2026-11-24.
  clock: new ManualClock(Date.parse('2026-11-24T17:00:00Z')),
};
const park = (() => {
  const found = catalog.park('magic-kingdom');
  if (!found) throw new Error('no Magic Kingdom in the catalog');
  return found;
})();

type Raw = Record<string, string | string[]>;
const parse = (raw: Raw) => parsePlanQuery(raw, park, context);

function refusal(raw: Raw): string {
  try {
    parse(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_request');
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(raw)}`);
}

describe('parsePlanQuery', () => {
  it('resolves rides by slug, name or ID within the park, with the defaults', () => {
    const request = parse({ rides: 'space-mountain, Haunted Mansion,magic-kingdom_peter-pans-flight' });
    expect(request.rides.map((ride) => ride.id)).toEqual([
      'magic-kingdom_space-mountain',
      'magic-kingdom_haunted-mansion',
      'magic-kingdom_peter-pans-flight',
    ]);
    expect(request.date).toBe('2026-11-24');
    expect(request.pace).toBe('normal');
    expect(request).toMatchObject({
      start: undefined,
      end: undefined,
      from: undefined,
      breaks: [],
      returns: [],
    });
  });

  it('takes repeated breaks and held return windows, resolved to the planned rides', () => {
    const request = parse({
      rides: 'space-mountain,haunted-mansion',
      break: ['12:00-12:45', '18:00-18:30'],
      return: 'space-mountain@13:05-14:05',
      done: 'haunted-mansion',
      from: 'haunted-mansion',
      pace: 'slow',
    });
    expect(request.breaks).toEqual([
      { start: '12:00', end: '12:45' },
      { start: '18:00', end: '18:30' },
    ]);
    expect(request.returns.map((r) => [r.ride.id, r.window])).toEqual([
      ['magic-kingdom_space-mountain', { start: '13:05', end: '14:05' }],
    ]);
    expect(request.done.map((r) => r.id)).toEqual(['magic-kingdom_haunted-mansion']);
    expect(request.from?.id).toBe('magic-kingdom_haunted-mansion');
    expect(request.pace).toBe('slow');
  });

  it.each([
    ['no rides', {}, /"rides": it is required/],
    [
      'an unknown ride',
      { rides: 'space-mountain,not-a-ride' },
      /"not-a-ride" is not one of the \d+ rides of Magic Kingdom/,
    ],
    ['a ride twice', { rides: 'space-mountain,Space Mountain' }, /a second time; name each ride once/],
    ['a ride of another park', { rides: 'test-track' }, /"test-track" is not one of/],
    ['26 rides', { rides: Array.from({ length: 26 }, (_, i) => `r${i}`).join(',') }, /got 26 rides/],
    [
      'end before start',
      { rides: 'space-mountain', start: '14:00', end: '10:00' },
      /end \(10:00\) must be after start \(14:00\)/,
    ],
    ['a malformed start', { rides: 'space-mountain', start: '9:00' }, /"start": got "9:00"/],
    [
      'a date past the horizon',
      { rides: 'space-mountain', date: '2026-12-24' },
      /date must be a date .* \(29 days ahead\)/,
    ],
    [
      'a date gone by',
      { rides: 'space-mountain', date: '2026-11-23' },
      /from 2026-11-24 \(today in America\/New_York\)/,
    ],
    [
      'a break ending before it starts',
      { rides: 'space-mountain', break: '13:00-12:00' },
      /"break": got "13:00-12:00"/,
    ],
    [
      'a malformed return',
      { rides: 'space-mountain', return: 'space-mountain@10-11' },
      /"return".*<ride>@HH:MM-HH:MM/,
    ],
    [
      'a return without a ride',
      { rides: 'space-mountain', return: '@10:00-11:00' },
      /"return": got "@10:00-11:00"/,
    ],
    [
      'a return for a ride not planned',
      { rides: 'space-mountain', return: 'haunted-mansion@10:00-11:00' },
      /not among `rides`/,
    ],
    ['an unknown pace', { rides: 'space-mountain', pace: 'run' }, /"pace".*slow, normal, fast/],
    [
      'start given twice',
      { rides: 'space-mountain', start: ['09:00', '10:00'] },
      /"start": it was given 2 times/,
    ],
    ['an unknown from', { rides: 'space-mountain', from: 'nowhere' }, /"from": "nowhere" is not one of/],
  ])('refuses %s, saying how to fix it', (_case, raw, message) => {
    expect(refusal(raw as Raw)).toMatch(message);
  });

  it('reports a wrong date before missing rides, as the endpoint always has', () => {
    expect(refusal({ date: '2026-11-01' })).toMatch(/^date must be/);
  });

  it('writes a request back as a query that parses to the same plan', () => {
    const request = parse({
      rides: 'Space Mountain,haunted-mansion',
      break: '12:00-12:45',
      return: 'space-mountain@13:05-14:05',
      end: '20:00',
      pace: 'fast',
    });
    const again = parse(Object.fromEntries(planQueryOf(request)));
    expect(planRequestKey(again)).toBe(planRequestKey(request));
    expect(planQueryOf(request).toString()).toContain(
      'return=magic-kingdom_space-mountain%4013%3A05-14%3A05',
    );
  });
});
