/**
 * FEED=queue-times end to end: the server reads posted waits from a loopback fake of Queue-Times
 * serving the recorded payload, keeps every other family simulated, and carries Queue-Times'
 * attribution requirement on /v1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { FakeUpstream } from '../support/fake-upstream.js';
import { startServer, type TestServer } from '../support/server.js';

const clock = new ManualClock(Date.parse('2026-10-03T15:03:00Z'));
const upstream = new FakeUpstream().serveFixture(
  '/parks/334/queue_times.json',
  'queuetimes-queue_times.json',
);
let server: TestServer;
/** The credit Queue-Times asks for, as the pages render it. */
const QUEUE_TIMES_LINK = '<a href="https://queue-times.com">Powered by Queue-Times.com</a>';

beforeAll(async () => {
  await upstream.start();
  server = await startServer({ clock, env: { FEED: 'queue-times', QUEUE_TIMES_URL: upstream.url } });
});
afterAll(async () => {
  await server.close();
  await upstream.stop();
});

describe('FEED=queue-times against a fake upstream', () => {
  it('serves posted waits and open/closed from Queue-Times, a closed 0 as no wait', async () => {
    const body = (await (await server.get('/v1/parks/epic-universe/waits')).json()) as {
      data_status: string;
      entries: {
        ride_id: string;
        status: string;
        standby_wait_minutes: number | null;
        single_rider_wait_minutes: number | null;
      }[];
    };
    expect(body.data_status).toBe('live');
    const byId = new Map(body.entries.map((e) => [e.ride_id, e]));
    expect(byId.get('epic-universe_mario-kart-bowsers-challenge')).toMatchObject({
      standby_wait_minutes: 50,
      single_rider_wait_minutes: 15,
    });
    expect(byId.get('epic-universe_curse-of-the-werewolf')).toMatchObject({ standby_wait_minutes: null });
    expect(byId.get('epic-universe_curse-of-the-werewolf')?.status).not.toBe('OPERATING');
    // Rides Queue-Times does not list have no live value: no invented numbers.
    expect(byId.get('epic-universe_stardust-racers')).toMatchObject({
      status: 'unavailable',
      standby_wait_minutes: null,
    });
  });

  it("says on /v1 which families are simulated and carries Queue-Times' attribution", async () => {
    const index = (await (await server.get('/v1')).json()) as { attribution_rule: string };
    expect(index.attribution_rule).toMatch(/Powered by Queue-Times\.com \(https:\/\/queue-times\.com\/\)/);
    expect(index.attribution_rule).toMatch(/showtimes: simulated/);
    const lane = (await (await server.get('/v1/parks/epic-universe/priority-lane')).json()) as {
      feed: string;
    };
    expect(lane.feed).toBe('sim');
  });

  it.each([
    '/',
    '/parks/epic-universe',
    '/parks/epic-universe/rides/mario-kart-bowsers-challenge',
    '/docs',
    '/docs/streaming',
    '/docs/reference',
  ])('%s shows "Powered by Queue-Times.com" linking to queue-times.com', async (path) => {
    const response = await server.get(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(QUEUE_TIMES_LINK);
  });

  it('the Markdown docs carry the credit as a link too', async () => {
    const text = await (await server.get('/docs.md')).text();
    expect(text).toMatch(/live queues \(waits, statuses, return windows\): from Queue-Times\.com/);
    expect(text).toMatch(/showtimes: simulated/);
    expect(text).toMatch(/\[Powered by Queue-Times\.com\]\(<?https:\/\/queue-times\.com>?\)/);
  });
});
