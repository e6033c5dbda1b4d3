import { describe, expect, it } from 'vitest';
import { Catalog } from '../catalog/catalog.js';
import { HourlyHistoryBuilder } from '../models/hourly-history.js';
import { walkMinutes } from '../models/plan/walking.js';
import { CONSTANT_WALK_MINUTES, catalogWalks } from './plans-walks.js';

const catalog = Catalog.load();
const STUDIOS = "Disney's Hollywood Studios";
const file = (attraction: string, park = STUDIOS, names: string[] = []) => ({
  attraction,
  park,
  names,
  history: new HourlyHistoryBuilder().build(),
});

const located = (id: string) => {
  const lookup = catalog.ride(id);
  if (lookup.kind !== 'found' || !lookup.ride.location) throw new Error(`${id} has no location`);
  return lookup.ride.location;
};

describe("the plans backtest's walks", () => {
  const walks = catalogWalks(catalog, [
    file('toy_story_mania'),
    file('alien_saucers'),
    file('rock_n_rollercoaster'),
    file('dinosaur', "Disney's Animal Kingdom"),
    file('unheard_of', STUDIOS, ['Nothing By This Name']),
  ]);

  it("walks at normal pace between the catalog's locations of the rides the files became", () => {
    const toyStory = located('hollywood-studios_toy-story-mania');
    const coaster = located('hollywood-studios_rock-n-roller-coaster-starring-the-muppets');
    expect(walks(STUDIOS, 'toy_story_mania', 'rock_n_rollercoaster')).toBeCloseTo(
      walkMinutes(toyStory, coaster, 'normal'),
    );
    // Neighbours walk less than across the park.
    expect(walks(STUDIOS, 'toy_story_mania', 'alien_saucers')).toBeLessThan(
      walks(STUDIOS, 'toy_story_mania', 'rock_n_rollercoaster'),
    );
  });

  it("walks from the park's entrance to the first ride", () => {
    const entrance = catalog.park('hollywood-studios')?.entrance;
    if (!entrance) throw new Error('the Studios have no entrance');
    expect(walks(STUDIOS, 'entrance', 'toy_story_mania')).toBeCloseTo(
      walkMinutes(entrance, located('hollywood-studios_toy-story-mania'), 'normal'),
    );
  });

  it('walks the constant minutes to a gone attraction or a file the catalog does not know', () => {
    expect(walks("Disney's Animal Kingdom", 'entrance', 'dinosaur')).toBe(CONSTANT_WALK_MINUTES);
    expect(walks(STUDIOS, 'toy_story_mania', 'unheard_of')).toBe(CONSTANT_WALK_MINUTES);
  });
});
