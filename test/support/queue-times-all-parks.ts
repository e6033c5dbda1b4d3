/**
 * The loopback Queue-Times of test/fixtures/feeds/queue-times: its `/parks.json` and every park's
 * `/parks/{id}/queue_times.json` in the fixtures (a park without one answers 404, as the real site
 * does for an ID it does not know), ready for a PARKS=all run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { FakeUpstream } from './fake-upstream.js';

const FIXTURES = new URL('../fixtures/feeds/queue-times/', import.meta.url);

function read(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));
}

export interface QueueTimesGroups {
  id: number;
  name: string;
  parks: { id: number; name: string; country: string; timezone: string }[];
}

export interface QueueTimesFixtures {
  readonly upstream: FakeUpstream;
  readonly groups: QueueTimesGroups[];
  /** Park IDs with a `queue_times.json` of their own. */
  readonly described: readonly string[];
}

/** A fake upstream serving every fixture document (not started). */
export function queueTimesFixtures(): QueueTimesFixtures {
  const groups = read('parks.json') as QueueTimesGroups[];
  const upstream = new FakeUpstream().serve('/parks.json', { body: groups });
  const described: string[] = [];
  for (const file of readdirSync(new URL('queue_times/', FIXTURES))) {
    const id = file.replace(/\.json$/, '');
    upstream.serve(`/parks/${id}/queue_times.json`, { body: read(`queue_times/${file}`) });
    described.push(id);
  }
  return { upstream, groups, described };
}
