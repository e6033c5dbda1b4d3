/**
 * `GET /v1/parks/{park}/plan` with FEED=themeparks-wiki: the real server reads a loopback fake of
 * ThemeParks.wiki serving the recorded payloads (../shared/fixtures) and plans today on them: the
 * posted waits, a ride down, a ride in refurbishment, and the priority lanes' return windows on
 * offer, every body valid against the served OpenAPI and cached no longer than the live waits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParkPlanResponse } from '../../src/api/routes/parks/get-plan.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expectSuccess, receive } from '../support/expect-response.js';
import { FakeUpstream } from '../support/fake-upstream.js';
import { OpenApiContract } from '../support/openapi.js';
import { SITE_URL, startServer, type TestServer } from '../support/server.js';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const clock = new ManualClock(Date.parse('2026-10-03T15:03:00Z')); // 11:03 in Orlando
const upstream = new FakeUpstream()
  .serveFixture(`/v1/entity/${MK}/live`, 'themeparkswiki-live.json')
  .serveFixture(`/v1/entity/${MK}/schedule`, 'themeparkswiki-schedule.json');
let server: TestServer;
let contract: OpenApiContract;

const RIDES = [
  'space-mountain',
  'seven-dwarfs-mine-train',
  'haunted-mansion',
  'big-thunder-mountain-railroad',
  'peter-pans-flight',
];

async function plan(path: string, maxAge: number): Promise<ParkPlanResponse> {
  const received = await receive<ParkPlanResponse>(await server.get(path));
  expectSuccess(received, contract, path, { maxAge, attributionUrl: `${SITE_URL}/parks/magic-kingdom` });
  return received.body;
}

beforeAll(async () => {
  await upstream.start();
  server = await startServer({
    clock,
    env: { FEED: 'themeparks-wiki', THEMEPARKS_WIKI_URL: upstream.url, COVERAGE_START: '2026-09-28' },
  });
  contract = await OpenApiContract.fetch(server.url);
});
afterAll(async () => {
  await server.close();
  await upstream.stop();
});

describe('GET /v1/parks/{park}/plan on a real feed (ThemeParks.wiki fixture)', () => {
  it("plans today's rides from now on the live data, cached as long as the live waits", async () => {
    const body = await plan(`/v1/parks/magic-kingdom/plan?rides=${RIDES.join(',')}`, 5);
    expect(body.basis).toBe('live');
    expect(body.start_at).toBe('2026-10-03T15:03:00.000Z');
    const reasons = new Map(body.not_planned.map((entry) => [entry.ride_id, entry.reason]));
    expect(reasons.get('magic-kingdom_big-thunder-mountain-railroad')).toBe('refurbishment');
    const steps = new Map(body.steps.map((step) => [step.ride_id, step]));
    // Down now: left out, or planned no sooner than now while it is down.
    const mansion = steps.get('magic-kingdom_haunted-mansion');
    if (mansion) expect(Date.parse(mansion.join_at)).toBeGreaterThan(clock.now());
    else expect(reasons.get('magic-kingdom_haunted-mansion')).toBe('down');
    expect(steps.has('magic-kingdom_space-mountain')).toBe(true);
    expect(steps.has('magic-kingdom_seven-dwarfs-mine-train')).toBe(true);
    // The lanes' return windows on offer now, as /waits shows them.
    expect(steps.get('magic-kingdom_seven-dwarfs-mine-train')?.priority_lane).toMatchObject({
      type: 'single_pass',
      return_start: '2026-10-03T18:35:00.000Z',
      price: 13,
    });
    expect(steps.get('magic-kingdom_space-mountain')?.priority_lane).toMatchObject({
      type: 'multi_pass',
      return_start: '2026-10-03T17:20:00.000Z',
    });
    // The first ride is joined now, at a wait near the one posted now.
    const first = body.steps[0];
    expect(first && Date.parse(first.arrive_at) - clock.now()).toBeLessThan(20 * 60_000);
    const posted: Record<string, number> = {
      'magic-kingdom_space-mountain': 45,
      'magic-kingdom_seven-dwarfs-mine-train': 70,
    };
    const firstPosted = first ? posted[first.ride_id] : undefined;
    if (first && firstPosted !== undefined && first.via === 'standby') {
      expect(Math.abs(first.predicted_wait_minutes - firstPosted)).toBeLessThanOrEqual(firstPosted * 0.5);
    }
    expect(body.totals.wait_minutes).toBeLessThanOrEqual(body.given_order_wait_minutes + 0.1);
    expect(body.lower_bound_wait_minutes).toBeLessThanOrEqual(body.totals.wait_minutes + 0.1);
  });

  it('plans a later date on the forecast alone, cached longer, with no return windows', async () => {
    const body = await plan(`/v1/parks/magic-kingdom/plan?rides=${RIDES.join(',')}&date=2026-10-05`, 300);
    expect(body.basis).toBe('forecast');
    expect(body.steps.every((step) => step.priority_lane === null)).toBe(true);
    // Today's refurbishment is today's news: a later date is not told of it.
    expect(body.not_planned.map((entry) => entry.reason)).not.toContain('refurbishment');
    const accounted = [...body.steps, ...body.not_planned].map((entry) => entry.ride_id).sort();
    expect(accounted).toEqual(RIDES.map((slug) => `magic-kingdom_${slug}`).sort());
  });
});
