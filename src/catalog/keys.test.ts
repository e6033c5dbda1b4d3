import { describe, expect, it } from 'vitest';
import { assignKeys, assignRideSlugs, slugFromName, type PublishedKey } from './keys.js';

const SPEC_IDENTIFIERS = ['disneyland', 'disneyland-park', 'dl', 'magic-kingdom', 'mk', 'ep', 'epcot'];

function published(entries: Record<string, PublishedKey>): Map<string, PublishedKey> {
  return new Map(Object.entries(entries));
}

describe('slugFromName', () => {
  it('folds accents, trademark signs and punctuation into a key', () => {
    expect(slugFromName('Tokyo DisneySea®', 'park', 'x')).toBe('tokyo-disneysea');
    expect(slugFromName('Phantasialand – Brühl', 'park', 'x')).toBe('phantasialand-bruhl');
    expect(slugFromName("Disney's Hollywood Studios", 'park', 'x')).toBe('disneys-hollywood-studios');
  });

  it('gives a name in another script a stable key from its feed ID', () => {
    const key = slugFromName('東京ディズニーランド', 'park', 'feed-1');
    expect(key).toMatch(/^park-[0-9a-f]{8}$/);
    expect(slugFromName('東京ディズニーランド', 'park', 'feed-1')).toBe(key);
    expect(slugFromName('東京ディズニーランド', 'park', 'feed-2')).not.toBe(key);
  });
});

describe('assignKeys', () => {
  it('makes keys and short aliases from names', () => {
    const keys = assignKeys([{ feed_id: 'a', name: 'Europa-Park' }], new Map(), SPEC_IDENTIFIERS, 'park');
    expect(keys.get('a')).toEqual({ key: 'europa-park', aliases: ['europapark'], created: true });
  });

  it('never shadows a spec identifier: a colliding name takes its resort, then a number', () => {
    const keys = assignKeys(
      [
        { feed_id: 'paris', name: 'Disneyland Park', within: 'Disneyland Paris' },
        { feed_id: 'hk', name: 'Disneyland Park', within: 'Disneyland Paris' },
        { feed_id: 'z', name: 'Epcot!' },
      ],
      new Map(),
      SPEC_IDENTIFIERS,
      'park',
    );
    expect(keys.get('hk')?.key).toBe('disneyland-park-disneyland-paris');
    expect(keys.get('paris')?.key).toBe('disneyland-park-2');
    expect(keys.get('z')?.key).toBe('epcot-2');
    // `dl` and `ep` are spec aliases: no generated alias may take them.
    for (const { aliases } of keys.values()) {
      expect(aliases).not.toContain('dl');
      expect(aliases).not.toContain('ep');
    }
  });

  it('settles collisions the same way whatever order the feed lists parks in', () => {
    const parks = [
      { feed_id: 'b', name: 'Adventure Park' },
      { feed_id: 'a', name: 'Adventure Park' },
    ];
    const forward = assignKeys(parks, new Map(), [], 'park');
    const backward = assignKeys([...parks].reverse(), new Map(), [], 'park');
    expect(forward.get('a')?.key).toBe('adventure-park');
    expect(forward.get('b')?.key).toBe('adventure-park-2');
    expect(backward).toEqual(forward);
  });

  it('keeps a published key when the park is renamed', () => {
    const keys = assignKeys(
      [{ feed_id: 'a', name: 'Walibi Holland (new name)' }],
      published({ a: { key: 'six-flags-holland', aliases: ['sfh'] } }),
      [],
      'park',
    );
    expect(keys.get('a')).toEqual({ key: 'six-flags-holland', aliases: ['sfh'], created: false });
  });

  it('keeps a published key from a park that newly collides with it', () => {
    const keys = assignKeys(
      [
        { feed_id: 'old', name: 'Parque Warner' },
        { feed_id: 'new', name: 'Parque Warner' },
      ],
      published({ old: { key: 'parque-warner', aliases: ['pw'] } }),
      [],
      'park',
    );
    expect(keys.get('old')?.key).toBe('parque-warner');
    expect(keys.get('new')?.key).toBe('parque-warner-2');
    expect(keys.get('new')?.aliases).not.toContain('pw');
  });

  it('gives a park removed and back its key again, and the key to no other park meanwhile', () => {
    const history = published({ gone: { key: 'gardaland', aliases: ['g'] } });
    const whileGone = assignKeys([{ feed_id: 'other', name: 'Gardaland' }], history, [], 'park');
    expect(whileGone.get('other')?.key).toBe('gardaland-2');
    const back = assignKeys(
      [
        { feed_id: 'gone', name: 'Gardaland Resort' },
        { feed_id: 'other', name: 'Gardaland' },
      ],
      new Map([...history, ['other', { key: 'gardaland-2', aliases: [] }]]),
      [],
      'park',
    );
    expect(back.get('gone')?.key).toBe('gardaland');
    expect(back.get('other')?.key).toBe('gardaland-2');
  });
});

describe('assignRideSlugs', () => {
  it('numbers same-named rides and keeps the slug of a removed ride from reuse', () => {
    const first = assignRideSlugs(
      [
        { feed_id: '1', name: 'Blue Fire Megacoaster' },
        { feed_id: '2', name: 'Blue Fire Megacoaster' },
      ],
      new Map(),
    );
    expect(first.get('1')?.key).toBe('blue-fire-megacoaster');
    expect(first.get('2')?.key).toBe('blue-fire-megacoaster-2');
    // Ride 1 is gone; a new ride of the same name must not take over its history.
    const later = assignRideSlugs(
      [
        { feed_id: '2', name: 'Blue Fire Megacoaster' },
        { feed_id: '3', name: 'Blue Fire Megacoaster' },
      ],
      new Map([
        ['1', 'blue-fire-megacoaster'],
        ['2', 'blue-fire-megacoaster-2'],
      ]),
    );
    expect(later.get('2')).toEqual({ key: 'blue-fire-megacoaster-2', aliases: [], created: false });
    expect(later.get('3')?.key).toBe('blue-fire-megacoaster-3');
  });
});
