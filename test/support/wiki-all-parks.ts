/**
 * The loopback ThemeParks.wiki of test/fixtures/feeds/themeparks-wiki: its destinations list and
 * every entity document in the fixtures (a park without a `live` or `schedule` file answers 404
 * there, as the real API does for a park it has no such document for), ready for a PARKS=all run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { FakeUpstream } from './fake-upstream.js';

const FIXTURES = new URL('../fixtures/feeds/themeparks-wiki/', import.meta.url);

function read(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));
}

export interface WikiDestinations {
  destinations: { id: string; name: string; slug?: string; parks: { id: string; name: string }[] }[];
}

export interface WikiFixtures {
  readonly upstream: FakeUpstream;
  readonly destinations: WikiDestinations;
  /** Park IDs with an entity document of their own. */
  readonly described: readonly string[];
  /** Park IDs with a `live` and a `schedule` document. */
  readonly withLiveData: readonly string[];
}

/** A fake upstream serving every fixture document (not started). */
export function wikiFixtures(): WikiFixtures {
  const destinations = read('destinations.json') as WikiDestinations;
  const upstream = new FakeUpstream().serve('/v1/destinations', { body: destinations });
  const files = readdirSync(new URL('entity/', FIXTURES));
  for (const file of files) {
    const [id, part] = file.replace(/\.json$/, '').split('.');
    upstream.serve(`/v1/entity/${id}${part ? `/${part}` : ''}`, { body: read(`entity/${file}`) });
  }
  const described = files.filter((f) => /^[0-9a-f-]+\.json$/.test(f)).map((f) => f.replace(/\.json$/, ''));
  const withLiveData = described.filter(
    (id) => files.includes(`${id}.live.json`) && files.includes(`${id}.schedule.json`),
  );
  return { upstream, destinations, described, withLiveData };
}
